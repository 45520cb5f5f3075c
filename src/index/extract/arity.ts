/**
 * Argument and parameter counts read from the tree, for languages that overload by them. Each
 * counts named children only, so punctuation never reaches JavaScript.
 */
import type { Node } from 'web-tree-sitter';
import { packArity, UNBOUNDED } from '../arity.js';

/** How one entry of a parameter list counts: needed, may be left out, takes the rest, or not a parameter. */
export type ParameterRole = 'required' | 'optional' | 'rest' | 'skip';

/**
 * A call's argument count from its argument list: the named children `isArgument` accepts.
 * Undefined without a list, or when the list has a syntax error (a guessed count would move a
 * right binding to a wrong overload).
 */
export function argumentCount(list: Node | null, isArgument: (type: string) => boolean): number | undefined {
  if (list === null || list.hasError) return undefined;
  let n = 0;
  for (const child of list.namedChildren) if (child !== null && isArgument(child.type)) n++;
  return n;
}

/** A definition's packed arity from its parameter list; undefined without one or when it has a syntax error. */
export function parameterArity(list: Node | null, role: (parameter: Node) => ParameterRole): number | undefined {
  if (list === null || list.hasError) return undefined;
  let min = 0;
  let max = 0;
  for (const child of list.namedChildren) {
    if (child === null) continue;
    const r = role(child);
    if (r === 'required') {
      min++;
      max++;
    } else if (r === 'optional') {
      max++;
    } else if (r === 'rest') {
      max = UNBOUNDED;
    }
  }
  return packArity(min, max);
}
