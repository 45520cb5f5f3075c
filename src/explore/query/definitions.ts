/** The definitions a name written in a query can mean, in the order explore prefers them. */
import type { StoredNode } from '../../store/index.js';
import type { IndexData } from '../data/index-data.js';
import { isTestSide } from '../rank/weights.js';
import { parametersMatch, signatureParameters, splitParameters } from './overloads.js';

/**
 * A name with at most this many definitions is specific: each is named (an exact target, when
 * written out in full). Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 217 at 2, 214 at 4.
 */
export const MAX_DEFINITIONS = 3;
/** A parameter list written right after a name (read with `lastIndex` where the name ends). */
const PARAMETER_LIST = /\(([^()]+)\)/y;

/** Non-file definitions; real ones before those in tests and test doubles, stable by path and line. */
export function definitions(nodes: readonly StoredNode[], data: IndexData): StoredNode[] {
  const isTest = (n: StoredNode): number => (isTestSide(n.path, data) ? 1 : 0);
  return nodes.filter((n) => n.kind !== 'file').sort((a, b) => isTest(a) - isTest(b) || (a.path < b.path ? -1 : a.path > b.path ? 1 : a.startLine - b.startLine));
}

/**
 * `defs` narrowed to the definitions whose parameters fit a list written right at `at` in `text`
 * (`indexOf(String)`, `Text#join(String, int)`), when several are given and any fit.
 */
export function narrowByParameters(defs: StoredNode[], text: string, at: number): StoredNode[] {
  if (defs.length < 2) return defs;
  PARAMETER_LIST.lastIndex = at;
  const list = PARAMETER_LIST.exec(text);
  if (list === null) return defs;
  const written = splitParameters(list[1] ?? '');
  const fitting = defs.filter((d) => {
    const declared = d.signature === null ? undefined : signatureParameters(d.signature, d.name);
    return declared !== undefined && parametersMatch(written, declared);
  });
  return fitting.length > 0 ? fitting : defs;
}
