/**
 * What `codegraph status` needs, kept in a small file beside the database so that a one-shot
 * status reads megabytes instead of the whole database (on the Linux kernel, reading the 1.8 GB
 * file alone took 2.2 to 2.9 s of a 3 s budget). Written after every save whose totals are stored
 * (a full index, or an incremental one that kept them current; any other save removes it) and tied to the exact database version by its
 * stamp: a snapshot whose stamp is not the current file's (an older tool saved, or a writer died
 * between the two renames) is ignored, and status loads the database.
 */
import { randomBytes } from 'node:crypto';
import { readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { GraphStore } from './graph-store.js';
import type { GraphTotals } from './graph-stats.js';
import { DATABASE_FILE, STATUS_SNAPSHOT_FILE } from './layout.js';
import { hasChanged, type DatabaseStamp } from './persist.js';
import type { Diagnostic, FileDigest } from './records.js';

/** Bumped whenever the file's shape changes; another format is ignored like a stale stamp. */
const SNAPSHOT_FORMAT = 2;

/** The status facts of one database version. */
export interface StatusSnapshot {
  readonly indexedAt: string | undefined;
  readonly databaseBytes: number;
  readonly totals: GraphTotals;
  /** Path and reason of every diagnostic, in the store's order. */
  readonly diagnostics: readonly Pick<Diagnostic, 'path' | 'reason'>[];
  readonly files: ReadonlyMap<string, FileDigest>;
}

/** The file as written: files as parallel columns, which halves its size against one object each. */
interface SnapshotJson {
  format: number;
  database: { size: number; mtimeMs: number; ino: number };
  /** The change log saved with it; null when there was none. */
  log: { size: number; mtimeMs: number; ino: number } | null;
  indexedAt: string | null;
  totals: GraphTotals;
  diagnostics: [string, string][];
  files: { paths: string[]; sizes: number[]; mtimes: number[]; hashes: string[] };
}

/**
 * Writes the snapshot of `store` as saved in `stamp`'s file (temp file and rename, so readers see
 * the old snapshot or the new one). Only when the store's stored totals are current (a full run
 * counts them, an incremental one keeps them current): counting anew costs 50 ms on django and
 * seconds on the kernel, too much for every save, so without them the old snapshot is removed and
 * status loads the database.
 * Best effort: on failure the old snapshot is removed too; its stamp would not match anyway.
 */
export async function writeStatusSnapshot(dir: string, stamp: DatabaseStamp, store: GraphStore): Promise<void> {
  const target = join(dir, STATUS_SNAPSHOT_FILE);
  const totals = store.storedTotals();
  if (totals === undefined) {
    await unlink(target).catch(() => undefined);
    return;
  }
  const files: SnapshotJson['files'] = { paths: [], sizes: [], mtimes: [], hashes: [] };
  for (const f of store.fileRecords()) {
    files.paths.push(f.path);
    files.sizes.push(f.size);
    files.mtimes.push(f.mtimeMs);
    files.hashes.push(f.sha256);
  }
  const json: SnapshotJson = {
    format: SNAPSHOT_FORMAT,
    database: { size: stamp.size, mtimeMs: stamp.mtimeMs, ino: stamp.ino },
    log: stamp.log === undefined ? null : { size: stamp.log.size, mtimeMs: stamp.log.mtimeMs, ino: stamp.log.ino },
    indexedAt: store.getMeta('indexed_at') ?? null,
    totals,
    diagnostics: store.diagnostics().map((d) => [d.path, d.reason]),
    files,
  };
  const temp = `${target}.tmp-${process.pid}-${randomBytes(6).toString('hex')}`;
  try {
    await writeFile(temp, JSON.stringify(json), { mode: 0o644 });
    await rename(temp, target);
  } catch {
    await unlink(temp).catch(() => undefined);
    await unlink(target).catch(() => undefined);
  }
}

/**
 * Whether a snapshot was written at or after the database version `stamp` describes: one stat, so
 * a run that saves nothing can write a missing snapshot (an index saved by an older tool) cheaply.
 */
export async function hasStatusSnapshotFor(dir: string, stamp: DatabaseStamp): Promise<boolean> {
  const info = await stat(join(dir, STATUS_SNAPSHOT_FILE)).catch(() => undefined);
  return info !== undefined && info.mtimeMs >= Math.max(stamp.mtimeMs, stamp.log?.mtimeMs ?? 0);
}

/**
 * The snapshot of `<dir>/codegraph.db` as it is now, or undefined when there is none, it cannot
 * be read, or it describes another version of the database.
 */
export async function readStatusSnapshot(dir: string): Promise<StatusSnapshot | undefined> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(join(dir, STATUS_SNAPSHOT_FILE), 'utf8'));
  } catch {
    return undefined;
  }
  if (!isSnapshotJson(json)) return undefined;
  const db = json.database;
  const saved = json.log;
  const changed = await hasChanged({ path: join(dir, DATABASE_FILE), ...db, log: saved ?? undefined }).catch(() => true);
  if (changed) return undefined;
  const { paths, sizes, mtimes, hashes } = json.files;
  const files = new Map<string, FileDigest>();
  for (let i = 0; i < paths.length; i++) files.set(paths[i]!, { size: sizes[i]!, mtimeMs: mtimes[i]!, sha256: hashes[i]! });
  return {
    indexedAt: json.indexedAt ?? undefined,
    databaseBytes: db.size + (saved?.size ?? 0),
    totals: json.totals,
    diagnostics: json.diagnostics.map(([path, reason]) => ({ path, reason })),
    files,
  };
}

function isSnapshotJson(value: unknown): value is SnapshotJson {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<SnapshotJson>;
  const f = v.files;
  return (
    v.format === SNAPSHOT_FORMAT &&
    typeof v.database === 'object' && v.database !== null &&
    typeof v.log === 'object' &&
    typeof v.totals === 'object' && v.totals !== null &&
    Array.isArray(v.diagnostics) &&
    typeof f === 'object' && f !== null &&
    Array.isArray(f.paths) && Array.isArray(f.sizes) && Array.isArray(f.mtimes) && Array.isArray(f.hashes) &&
    f.sizes.length === f.paths.length && f.mtimes.length === f.paths.length && f.hashes.length === f.paths.length
  );
}
