/**
 * The reads behind the lookup tools' answers that are not plain records: which files use a file,
 * and a node's call trail (the nearest callees or callers along call and instantiation edges).
 */
import type { EdgeKind } from '../model.js';
import { connectionOf } from './graph-reader.js';
import type { GraphReader } from './graph-reader.js';
import { EDGE_CODE, code } from './records.js';

/** One neighbour on a call trail: its node id and the first line of an edge to or from it (0 when unknown). */
export interface TrailRow {
  readonly id: number;
  readonly line: number;
}

/** The first neighbours of a trail and how many distinct neighbours there are. */
export interface Trail {
  readonly rows: readonly TrailRow[];
  readonly total: number;
}

/** Other indexed files with an edge into this one (imports, calls, references …), by path. */
export function filesUsing(reader: GraphReader, fileId: number): string[] {
  const out: string[] = [];
  connectionOf(reader).each(
    `SELECT DISTINCT sf.path FROM nodes t JOIN edges e ON e.target_id = t.id JOIN nodes s ON s.id = e.source_id
     JOIN files sf ON sf.id = s.file_id WHERE t.file_id = ? AND s.file_id <> t.file_id ORDER BY sf.path`,
    [fileId],
    ([path]) => {
      out.push(String(path));
    },
  );
  return out;
}

/**
 * Up to `limit` distinct nodes one edge of `kinds` away from `nodeId` (its targets for `out`, its
 * sources for `in`), by the first line of such an edge, then id; and how many there are in all.
 */
export function callTrail(reader: GraphReader, nodeId: number, direction: 'out' | 'in', kinds: readonly EdgeKind[], limit: number): Trail {
  const db = connectionOf(reader);
  const [self, other] = direction === 'out' ? ['source_id', 'target_id'] : ['target_id', 'source_id'];
  const kindList = kinds.map((k) => code(EDGE_CODE, k)).join(',');
  const rows: TrailRow[] = [];
  db.each(
    `SELECT ${other}, min(line) FROM edges WHERE ${self} = ? AND kind IN (${kindList}) GROUP BY ${other} ORDER BY min(line), ${other} LIMIT ${limit}`,
    [nodeId],
    ([id, line]) => {
      rows.push({ id: Number(id), line: Number(line ?? 0) });
    },
  );
  const total = Number(db.value(`SELECT count(DISTINCT ${other}) FROM edges WHERE ${self} = ? AND kind IN (${kindList})`, [nodeId]) ?? 0);
  return { rows, total };
}

/** Indexed paths that end with `suffix` (compared exactly, case included), sorted. One pass over the file table. */
export function pathsEndingWith(reader: GraphReader, suffix: string): string[] {
  const out: string[] = [];
  connectionOf(reader).each('SELECT path FROM files WHERE substr(path, -?) = ? ORDER BY path', [suffix.length, suffix], ([path]) => {
    out.push(String(path));
  });
  return out;
}

/** The size and modification time of one stored file. */
export interface FileState {
  readonly size: number;
  readonly mtimeMs: number;
}

/** Every stored file's size and modification time by path, from one pass over the file table. */
export function fileStates(reader: GraphReader): Map<string, FileState> {
  const out = new Map<string, FileState>();
  connectionOf(reader).each('SELECT path, size, mtime_ms FROM files ORDER BY path', [], ([path, size, mtime]) => {
    out.set(String(path), { size: Number(size), mtimeMs: Number(mtime) });
  });
  return out;
}
