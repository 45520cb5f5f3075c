/**
 * Where a full-text rebuild leaves its segments. FTS4 keeps its index as segments in levels
 * (`node_search_segdir`): each save adds small segments at level 0, and a level that reaches 16
 * segments is merged into one segment of the next level. A rebuild leaves its output in levels 0
 * to 2, so the first edits after it merge into those and rewrite them: on the Linux kernel a
 * fresh index had 3, 8 (100 MB) and 1 (202 MB) segments there, and its first one-file syncs merged
 * the 100 MB (4.2 s) and then the 303 MB (6.3 s, the process 0.6 GB larger, the change log past
 * its limit and 326 MB of the file left free). Moved to a level that edits' merges reach only after
 * some 16^7 saves, the rebuild's segments stay as they are while edits merge among their own small
 * segments. (FTS4 also moves segments down to a merge's level when every higher one is smaller
 * than what the merge wrote: only on a small index, whose rebuild the edits outgrow, and cheaply.)
 * Searches read the same segments either way.
 */
import type { FullTextTable } from './schema.js';
import type { SqliteDb } from './sqlite.js';

/** The level a rebuild's segments are moved to. */
export const REBUILT_SEGMENT_LEVEL = 8;

/**
 * Moves every segment of a full-text index to REBUILT_SEGMENT_LEVEL, keeping their order of age
 * (FTS4 reads them oldest first: higher level first, then lower idx). Meant right after a rebuild;
 * nothing moves when a segment is already at that level or above.
 */
export function raiseRebuiltSegments(db: SqliteDb, table: FullTextTable): void {
  const segments: (readonly [level: number, idx: number])[] = [];
  db.each(`SELECT level, idx FROM ${table}_segdir ORDER BY level DESC, idx ASC`, [], ([level, idx]) => {
    segments.push([Number(level), Number(idx)]);
  });
  if (segments.some(([level]) => level >= REBUILT_SEGMENT_LEVEL)) return;
  const move = db.cached(`UPDATE ${table}_segdir SET level = ?, idx = ? WHERE level = ? AND idx = ?`);
  segments.forEach(([level, idx], age) => move.run([REBUILT_SEGMENT_LEVEL, age, level, idx]));
}
