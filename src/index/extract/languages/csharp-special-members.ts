/**
 * C# members that have no identifier of their own (operators, conversions, finalizers, indexers),
 * named the way a developer searches for them.
 */
import type { Node } from 'web-tree-sitter';

/** The node types of those members. */
export const SPECIAL_MEMBERS: readonly string[] = [
  'operator_declaration', 'conversion_operator_declaration', 'destructor_declaration', 'indexer_declaration',
];

/** The name a member without an identifier of its own is searched by: `operator +`, `operator int`, `~Name`, `this[]`. */
export function specialMemberName(node: Node, type: string): string {
  if (type === 'indexer_declaration') return 'this[]';
  if (type === 'destructor_declaration') {
    const id = node.namedChildren.find((c) => c?.type === 'identifier');
    return id == null ? '' : `~${id.text}`;
  }
  const children = node.children;
  const at = children.findIndex((c) => c?.type === 'operator');
  const what = at < 0 ? undefined : children[at + 1];
  return what == null ? '' : `operator ${what.text}`;
}
