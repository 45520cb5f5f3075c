/**
 * The file-level picture of the graph: for each ordered pair of different files, how many stored
 * edges of each kind run from a node of the first to a node of the second. What a map of the
 * project draws as arrows between files and folders.
 */
import type { EdgeKind } from '../model.js';
import { connectionOf } from './graph-reader.js';
import type { GraphReader } from './graph-reader.js';
import { edgeKindOf } from './records.js';

/** Edges of one kind from file `from` to file `to` (file ids), `count` of them. */
export interface FileLink {
  readonly from: number;
  readonly to: number;
  readonly kind: EdgeKind;
  readonly count: number;
}

/** Kinds a kind code can take; edge kind codes are small (model.ts lists a dozen). */
const KIND_SLOTS = 32;

/**
 * Every stored edge (nesting is not one) between nodes of two different files, counted per file
 * pair and kind, ordered by source file id, target file id and kind. Plain scans of nodes and
 * edges with the grouping done here: a GROUP BY join is several times slower in sql.js.
 */
export function fileLinks(reader: GraphReader): FileLink[] {
  const db = connectionOf(reader);
  const maxId = Number(db.value(`SELECT coalesce(max(id), 0) FROM nodes`) ?? 0);
  const fileOfNode = new Int32Array(maxId + 1).fill(-1);
  let maxFile = 0;
  db.each(`SELECT id, file_id FROM nodes`, [], ([id, fileId]) => {
    const file = Number(fileId);
    fileOfNode[Number(id)] = file;
    if (file > maxFile) maxFile = file;
  });
  const width = maxFile + 1;
  const counts = new Map<number, number>();
  db.each(`SELECT source_id, target_id, kind FROM edges`, [], ([s, t, k]) => {
    const a = fileOfNode[Number(s)] ?? -1;
    const b = fileOfNode[Number(t)] ?? -1;
    if (a < 0 || b < 0 || a === b) return;
    const key = (a * width + b) * KIND_SLOTS + Number(k);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  });
  const keys = [...counts.keys()].sort((x, y) => x - y);
  return keys.map((key) => {
    const kind = key % KIND_SLOTS;
    const pair = (key - kind) / KIND_SLOTS;
    const to = pair % width;
    return { from: (pair - to) / width, to, kind: edgeKindOf(kind), count: counts.get(key) ?? 0 };
  });
}
