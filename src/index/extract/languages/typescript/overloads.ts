/**
 * TypeScript overloads: the signatures written right before the one implementation
 * (`function f(a: string): T;` … `function f(a: any) {…}`, and the same for a class's methods)
 * are one definition, the implementation's, spanning from the first signature. A call then
 * meets the code that runs, and the definition shows its typed signatures with its body.
 */
import type { Node } from 'web-tree-sitter';
import { nearestNamedSibling } from '../../comments.js';
import { isComment, nameOf } from './syntax.js';

/** The implementations each kind of signature can announce. */
const IMPLEMENTED_BY: Readonly<Record<string, readonly string[]>> = {
  function_signature: ['function_declaration', 'generator_function_declaration'],
  method_signature: ['method_definition'],
};

/** True when `signature` is an overload of the same-named implementation that follows it (past any further overloads). */
export function isOverloadSignature(signature: Node, name: string): boolean {
  const implementations = IMPLEMENTED_BY[signature.type];
  if (implementations === undefined || name === '') return false;
  for (let s = sibling(statementOf(signature), 'next'); s !== null; s = sibling(s, 'next')) {
    const declaration = declarationIn(s);
    if (nameOf(declaration) !== name) return false;
    if (declaration.type !== signature.type) return implementations.includes(declaration.type);
  }
  return false;
}

/**
 * The first of the same-named overload signatures written right before `implementation`, as
 * the statement its definition spans from (its `export` included); undefined when it has none.
 */
export function firstOverload(implementation: Node, name: string): Node | undefined {
  let first: Node | undefined;
  if (name === '') return undefined;
  for (let s = sibling(statementOf(implementation), 'previous'); s !== null; s = sibling(s, 'previous')) {
    const declaration = declarationIn(s);
    if (nameOf(declaration) !== name || IMPLEMENTED_BY[declaration.type]?.includes(implementation.type) !== true) break;
    first = s;
  }
  return first;
}

/** A declaration's statement: its `export` when exported. */
function statementOf(node: Node): Node {
  return node.parent?.type === 'export_statement' ? node.parent : node;
}

/** The declaration a statement holds (an `export`'s), else the statement itself. */
function declarationIn(statement: Node): Node {
  return statement.type === 'export_statement' ? (statement.childForFieldName('declaration') ?? statement) : statement;
}

/** The nearest named sibling that is not a comment, in one direction. */
function sibling(node: Node, direction: 'next' | 'previous'): Node | null {
  return nearestNamedSibling(node, direction, isComment);
}
