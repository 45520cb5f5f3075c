/**
 * The names a symbol's body uses, as the search index reads them: one `node_uses` row per symbol
 * that references anything, its distinct reference names joined by spaces; and the words of its
 * string literals, one `node_strings` row per symbol that has any. Written with the file's other
 * rows; `deleteFileContents` removes them with the file's nodes.
 */
import type { ExtractedRef, SymbolStrings } from '../model.js';
import type { SqliteDb } from './sqlite.js';

/** Longest list of names kept per symbol: a huge generated body adds little beyond its first names. */
const MAX_NAMES_PER_SYMBOL = 200;

/** Stores, for each symbol of a file, the distinct names its references use (file-level and implicit references are left out). */
export function writeNodeUses(db: SqliteDb, refs: readonly ExtractedRef[], nodeIds: readonly number[]): void {
  const bySymbol = new Map<number, Set<string>>();
  for (const r of refs) {
    // A call the framework makes for the symbol is no name its body uses.
    if (r.from < 0 || r.implicit === true) continue;
    let names = bySymbol.get(r.from);
    if (names === undefined) bySymbol.set(r.from, (names = new Set()));
    if (names.size < MAX_NAMES_PER_SYMBOL) names.add(r.name);
  }
  const rows: [number, string][] = [];
  for (const [index, names] of bySymbol) {
    const id = nodeIds[index];
    if (id !== undefined) rows.push([id, [...names].join(' ')]);
  }
  db.insertRows(`INSERT OR REPLACE INTO node_uses(node_id, names)`, rows);
}

/** Stores, for each symbol of a file with string literals, their words. */
export function writeNodeStrings(db: SqliteDb, strings: readonly SymbolStrings[], nodeIds: readonly number[]): void {
  const rows: [number, string][] = [];
  for (const { from, words } of strings) {
    const id = nodeIds[from];
    if (id !== undefined && words !== '') rows.push([id, words]);
  }
  db.insertRows(`INSERT OR REPLACE INTO node_strings(node_id, words)`, rows);
}
