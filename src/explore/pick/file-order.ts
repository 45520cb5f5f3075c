/** A file's relevant symbols in the order the pick stage takes them. */
import type { StoredNode } from '../../store/index.js';
import type { IndexData } from '../data/index-data.js';
import type { ParsedQuery } from '../query/understand.js';
import { bodyHits } from '../rank/body.js';
import { nameHits } from '../rank/names.js';
import type { RankedFile } from '../rank/rank.js';
import { withBodyHits } from './body-priority.js';
import { withCallees } from './callee-priority.js';
import type { PrioritySymbol } from './priority.js';

/** Every node of one file, in the store's order and by id. */
export interface FileNodes {
  readonly inFile: readonly StoredNode[];
  readonly byId: ReadonlyMap<number, StoredNode>;
}

/**
 * `file`'s ranked symbols plus those its current `lines` show using the query's terms, each
 * with its in-file priority, best first, the lead's callees right behind it.
 */
export function fileOrder(file: RankedFile, lines: readonly string[], nodes: FileNodes, parsed: ParsedQuery, data: IndexData): PrioritySymbol[] {
  const { inFile, byId } = nodes;
  const weight = (t: string): number => data.terms().weight(t);
  const hits = parsed.terms.length > 0 ? bodyHits(lines, inFile, parsed.terms, weight) : [];
  const names = parsed.terms.length > 0 ? nameHits(inFile, parsed.terms, weight) : [];
  return withCallees(withBodyHits(file.symbols, hits, names, parsed.terms.length), byId, data);
}
