/**
 * Keeping the stored totals current through an incremental sync without counting the whole graph
 * (10 s on the Linux kernel): what each file adds to them is read before the sync first changes
 * the file and again at the end, and the difference is applied to the stored sums. A file's share
 * is its row's language, its nodes by kind and nesting links, its references and the stored edges
 * from its nodes by kind: every count `status` prints is a sum of those.
 */
import { UNBINDING_EDGE_CODES } from './records.js';
import type { SqliteDb } from './sqlite.js';
import type { LanguageTally, TotalsSums } from './graph-stats.js';

/** What one file adds to the totals; a file that is not stored adds nothing. */
interface FileShare {
  readonly language: string | undefined;
  readonly nodesByKind: ReadonlyMap<number, number>;
  readonly nested: number;
  readonly refs: number;
  readonly edgesByKind: ReadonlyMap<number, number>;
}

const NOTHING: FileShare = { language: undefined, nodesByKind: new Map(), nested: 0, refs: 0, edgesByKind: new Map() };

/**
 * Past this many files read before their change, a sync stops tallying (the totals are counted
 * when next asked for): each file costs five index reads, and a change that large is close to a
 * full index anyway.
 */
export const MAX_TALLIED_FILES = 5_000;

/** Each file's share as it was before a sync changed it, to be replaced by its share at the end. */
export class TotalsTally {
  readonly #base: TotalsSums;
  readonly #before = new Map<number, FileShare>();

  /** `base`: the stored sums, current when the sync began. */
  constructor(base: TotalsSums) {
    this.#base = base;
  }

  /** Files read so far. */
  get size(): number {
    return this.#before.size;
  }

  /** Reads the shares of `fileIds` not read yet: call before changing anything of theirs. */
  before(db: SqliteDb, fileIds: Iterable<number>): void {
    for (const id of fileIds) if (!this.#before.has(id)) this.#before.set(id, shareOf(db, id));
  }

  /** Records that file `fileId` did not exist before this sync (a new file's id). */
  added(fileId: number): void {
    if (!this.#before.has(fileId)) this.#before.set(fileId, NOTHING);
  }

  /** The sums after the sync: the base, less each file's share before, plus its share now. */
  apply(db: SqliteDb): TotalsSums {
    const sums = copy(this.#base);
    for (const [id, share] of this.#before) {
      addShare(sums, share, -1);
      addShare(sums, shareOf(db, id), 1);
    }
    return sums;
  }
}

/** The edges of other files that point into `fileId`'s nodes: their files lose them with it. */
export function filesPointingInto(db: SqliteDb, fileId: number): number[] {
  const ids: number[] = [];
  db.cached(
    `SELECT DISTINCT n.file_id FROM edges e JOIN nodes n ON n.id = e.source_id WHERE e.target_id IN (SELECT id FROM nodes WHERE file_id = ?)`,
  ).each([fileId], ([f]) => ids.push(Number(f)));
  return ids;
}

function shareOf(db: SqliteDb, fileId: number): FileShare {
  const language = db.cached(`SELECT language FROM files WHERE id = ?`).value([fileId]);
  if (language === undefined || language === null) return NOTHING;
  const nodesByKind = new Map<number, number>();
  let nested = 0;
  db.cached(`SELECT kind, count(*), count(parent_id) FROM nodes WHERE file_id = ? GROUP BY kind`).each([fileId], ([k, n, p]) => {
    nodesByKind.set(Number(k), Number(n));
    nested += Number(p);
  });
  const edgesByKind = new Map<number, number>();
  db.cached(`SELECT kind, count(*) FROM edges WHERE source_id IN (SELECT id FROM nodes WHERE file_id = ?) GROUP BY kind`).each([fileId], ([k, n]) => {
    edgesByKind.set(Number(k), Number(n));
  });
  const refs = Number(db.cached(`SELECT count(*) FROM refs WHERE file_id = ?`).value([fileId]) ?? 0);
  return { language: String(language), nodesByKind, nested, refs, edgesByKind };
}

function addShare(sums: MutableSums, share: FileShare, sign: 1 | -1): void {
  if (share.language === undefined) return;
  const lang = (sums.languages[share.language] ??= { files: 0, nodes: 0, edges: 0, bound: 0, refs: 0 });
  lang.files += sign;
  let nodes = 0;
  for (const [k, n] of share.nodesByKind) {
    sums.nodesByKind[k] = (sums.nodesByKind[k] ?? 0) + sign * n;
    nodes += n;
  }
  let stored = 0;
  let unbinding = 0;
  for (const [k, n] of share.edgesByKind) {
    sums.storedEdgesByKind[k] = (sums.storedEdgesByKind[k] ?? 0) + sign * n;
    stored += n;
    if (UNBINDING_EDGE_CODES.includes(k)) unbinding += n;
  }
  lang.nodes += sign * nodes;
  lang.edges += sign * (stored + share.nested);
  lang.bound += sign * (stored - unbinding);
  lang.refs += sign * share.refs;
  sums.nested += sign * share.nested;
  sums.refs += sign * share.refs;
}

type MutableSums = { -readonly [K in keyof TotalsSums]: TotalsSums[K] };

function copy(sums: TotalsSums): MutableSums {
  const languages: Record<string, LanguageTally> = {};
  for (const [l, t] of Object.entries(sums.languages)) languages[l] = { ...t };
  return {
    nodesByKind: { ...sums.nodesByKind }, storedEdgesByKind: { ...sums.storedEdgesByKind }, nested: sums.nested, refs: sums.refs, languages,
  };
}
