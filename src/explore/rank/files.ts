/** Files ranked from their symbols, the files the query pins or names first. */
import { MAX_DEFINITIONS } from '../query/definitions.js';
import type { ParsedQuery } from '../query/understand.js';
import type { RankedFile, RankedSymbol } from './ranked.js';

/**
 * A file's score adds this share of its next best symbols' scores to its best one's (tuning half of
 * the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value; 0.15 the same, 0.35 216).
 */
const FOLLOWER_SHARE = 0.25;
/**
 * How many symbols after a file's best count toward its score (tuning half of the eval, 2026-12-03, before quoted declaration lines:
 * 217 of 253 explore targets at this value; 2 gave 215, 6 216).
 */
const FOLLOWERS = 4;

/** The files of `symbols` (and those the query pins or targets), pinned first, then targeted, then by score. */
export function rankFiles(symbols: readonly RankedSymbol[], query: ParsedQuery): RankedFile[] {
  const byPath = new Map<string, RankedSymbol[]>();
  for (const s of symbols) {
    const list = byPath.get(s.node.path);
    if (list === undefined) byPath.set(s.node.path, [s]);
    else list.push(s);
  }
  const pinned = query.paths.pinned;
  const exactPaths = query.exact.map((t) => t.path);
  const namedPaths = new Set<string>([...pinned, ...exactPaths]);
  for (const n of query.named) if ((n.codeShaped || n.qualified) && n.nodes.length <= MAX_DEFINITIONS) for (const d of n.nodes) namedPaths.add(d.path);
  for (const p of [...pinned, ...exactPaths]) if (!byPath.has(p)) byPath.set(p, []);
  const files: RankedFile[] = [...byPath].map(([path, list]) => {
    const [top, ...rest] = list;
    const score = (top?.score ?? 0) + FOLLOWER_SHARE * rest.slice(0, FOLLOWERS).reduce((s, x) => s + x.score, 0);
    const bases = list.map((x) => x.base).sort((a, b) => b - a);
    const base = (bases[0] ?? 0) + FOLLOWER_SHARE * bases.slice(1, 1 + FOLLOWERS).reduce((s, x) => s + x, 0);
    return { path, score, base, symbols: list, pinned: pinned.includes(path), named: namedPaths.has(path) };
  });
  const order = (f: RankedFile): number => {
    const p = pinned.indexOf(f.path);
    if (p >= 0) return p;
    const e = exactPaths.indexOf(f.path);
    return e >= 0 ? 100 + e : 1000;
  };
  files.sort((a, b) => order(a) - order(b) || b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return files;
}
