import type { Node } from 'web-tree-sitter';

/** The first named child of `node` with the given type, or null. */
export function childOfType(node: Node, type: string): Node | null {
  for (const child of node.namedChildren) if (child !== null && child.type === type) return child;
  return null;
}

/** Source of a small node as written; long or multi-line text (a receiver, say) is left out rather than copied. */
export function shortText(source: string, node: Node): string | undefined {
  if (node.endIndex - node.startIndex > 80) return undefined;
  const text = source.slice(node.startIndex, node.endIndex);
  return text.includes('\n') ? undefined : text;
}
