/**
 * How a TypeScript/JavaScript declaration spells its name, whether it is exported, and where its
 * documentation sits: the questions every kind of definition asks of its syntax.
 */
import type { Node } from 'web-tree-sitter';
import { DOC_BLOCKS, leadingComment } from '../../comments.js';
import { namesClass } from '../../local-types.js';

/** Value node types that are functions: `const f = () => …`, `x = function () {…}`. */
export const FUNCTION_VALUES: ReadonlySet<string> = new Set([
  'arrow_function', 'function_expression', 'function', 'generator_function',
]);

/** True for the grammars' comment node type. */
export const isComment = (type: string): boolean => type === 'comment';

/** Decorators sit between a definition and its doc comment without hiding the comment. */
export const DECORATORS: ReadonlySet<string> = new Set(['decorator']);

/** The text of the node's `name` field, '' when it has none (anonymous declarations). */
export function nameOf(node: Node): string {
  return node.childForFieldName('name')?.text ?? '';
}

/** True when the declaration sits directly in an `export` statement. */
export function isExported(node: Node): boolean {
  return node.parent?.type === 'export_statement';
}

/** Exported flag for a definition spanning `span` (a declaration, declarator or `export default`). */
export function exportedSpan(span: Node): boolean {
  if (span.type === 'export_statement') return true;
  if (span.type === 'variable_declarator') return isExported(span.parent ?? span);
  return isExported(span);
}

/**
 * The comments directly above `anchor`, or a doc block with only blank lines between (comments.ts),
 * past the node types in `transparent`.
 */
export function docComment(anchor: Node, transparent?: ReadonlySet<string>): string | undefined {
  return leadingComment(anchor, isComment, transparent, DOC_BLOCKS);
}

/** The comment documenting a declaration: the one before its `export` statement when exported. */
export function docOf(node: Node): string | undefined {
  const anchor = isExported(node) ? (node.parent ?? node) : node;
  return docComment(anchor, DECORATORS);
}

/** The comment documenting a definition spanning `span`: a declarator's is its declaration's. */
export function spanDoc(span: Node): string | undefined {
  return docOf(span.type === 'variable_declarator' ? (span.parent ?? span) : span);
}

/** The comment documenting a class member, looking past its decorators. */
export function memberDoc(member: Node): string | undefined {
  return docComment(member, DECORATORS);
}

/**
 * The class a type annotation's first node names: `Repo`, or `models.Repo` and `express.Router`
 * through a module (the path as written, without spaces); undefined for any other type.
 */
export function annotatedClass(type: Node | null | undefined): string | undefined {
  if (type?.type !== 'type_identifier' && type?.type !== 'nested_type_identifier') return undefined;
  const path = type.text.replace(/\s+/g, '');
  return namesClass(path) ? path : undefined;
}
