/**
 * The stored term index explore ranks prose questions with, so no process rebuilds it from every
 * definition: per (term, field) the sorted ids that carry the term, as delta-encoded varints
 * (`term_postings`), and per node id its file, kind and name-segment count as packed arrays
 * (`term_base`), with the per-file stamps of the files the base was built from. Files changed
 * since are re-read by the reader (see explore/data/terms.ts); a sync rebuilds the base once
 * that share grows.
 */
import type { SqliteDb } from './sqlite.js';
import { connectionOf } from './graph-reader.js';
import type { GraphReader } from './graph-reader.js';
import { NODE_CODE, code, shaHex } from './records.js';
import { qualifiedNameOf } from './schema.js';

const FILE_KIND = code(NODE_CODE, 'file');

/** Where a term occurred; the stored `field` code is the index in this list. */
export const TERM_FIELDS = ['name', 'qualifier', 'doc', 'path'] as const;
/** One of TERM_FIELDS. */
export type TermField = (typeof TERM_FIELDS)[number];

/** The `kind` byte of an id that is no definition (a file node, or no node at all). */
export const NO_DEFINITION = 255;

/** What identifies the rules and the extraction a stored base was built under. */
export interface TermBaseStamp {
  /** The fingerprint of the word rules (index/terms/words.ts). */
  readonly rules: string;
  /** The extraction version of the nodes it was read from. */
  readonly extraction: string;
}

/** A whole term index to store. Postings of the `path` field hold file ids, the others node ids. */
export interface TermBaseRows extends TermBaseStamp {
  /** Definitions counted in the base. */
  readonly definitions: number;
  /** Indexed by node id: the node's file id, its kind code (NO_DEFINITION when none), its segment count. */
  readonly file: Int32Array;
  readonly kind: Uint8Array;
  readonly segments: Uint8Array;
  /** The files the base covers: id, definitions (`files.node_count`) and sha256 (hex). */
  readonly files: readonly FileStamp[];
  /** Per field, term -> ascending ids. */
  readonly postings: ReadonlyMap<TermField, ReadonlyMap<string, readonly number[]>>;
}

/** One file as a term base saw it. */
export interface FileStamp {
  readonly id: number;
  readonly definitions: number;
  readonly sha256: string;
}

/** A stored base without its postings (those are read per term). */
export interface StoredTermBase extends TermBaseStamp {
  readonly definitions: number;
  readonly file: Int32Array;
  readonly kind: Uint8Array;
  readonly segments: Uint8Array;
  readonly files: readonly FileStamp[];
}

const META_KEYS = { rules: 'terms_rules', extraction: 'terms_extraction', definitions: 'terms_definitions' } as const;
const SHA_BYTES = 32;
const STAMP_BYTES = 8 + SHA_BYTES;

/** Replaces the stored term index with `rows`, in one transaction. */
export function writeTermBase(reader: GraphReader, rows: TermBaseRows): void {
  const db = connectionOf(reader);
  db.transaction(() => {
    db.exec('DELETE FROM term_postings; DELETE FROM term_base');
    const insert = db.cached('INSERT INTO term_postings(term, field, count, ids) VALUES (?, ?, ?, ?)');
    for (const [field, terms] of rows.postings) {
      const f = TERM_FIELDS.indexOf(field);
      for (const [term, ids] of terms) insert.run([term, f, ids.length, encodeIds(ids)]);
    }
    const blob = db.cached('INSERT INTO term_base(key, data) VALUES (?, ?)');
    blob.run(['file', new Uint8Array(rows.file.buffer, rows.file.byteOffset, rows.file.byteLength)]);
    blob.run(['kind', rows.kind]);
    blob.run(['segments', rows.segments]);
    blob.run(['files', encodeStamps(rows.files)]);
    const meta = db.cached('INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
    meta.run([META_KEYS.rules, rows.rules]);
    meta.run([META_KEYS.extraction, rows.extraction]);
    meta.run([META_KEYS.definitions, String(rows.definitions)]);
  });
}

/**
 * The stored base, or undefined when none was written (or it is incomplete). With `stampsOnly`
 * the per-id arrays are left unread (empty): enough to decide whether the base is current.
 */
export function readTermBase(reader: GraphReader, options: { readonly stampsOnly?: boolean } = {}): StoredTermBase | undefined {
  const db = connectionOf(reader);
  const meta = termMeta(db);
  const blobs = new Map<string, Uint8Array>();
  const keys = options.stampsOnly === true ? "WHERE key = 'files'" : '';
  db.each(`SELECT key, data FROM term_base ${keys}`, [], ([k, d]) => {
    if (d instanceof Uint8Array) blobs.set(String(k), d);
  });
  if (options.stampsOnly === true) for (const key of ['file', 'kind', 'segments']) blobs.set(key, new Uint8Array(0));
  const [rules, extraction, definitions] = [meta.get(META_KEYS.rules), meta.get(META_KEYS.extraction), meta.get(META_KEYS.definitions)];
  const [file, kind, segments, files] = [blobs.get('file'), blobs.get('kind'), blobs.get('segments'), blobs.get('files')];
  if (rules === undefined || extraction === undefined || definitions === undefined) return undefined;
  if (file === undefined || kind === undefined || segments === undefined || files === undefined) return undefined;
  // A blob's bytes need not be aligned for an Int32Array view: copy them.
  const fileIds = new Int32Array(file.byteLength >>> 2);
  new Uint8Array(fileIds.buffer).set(file.subarray(0, fileIds.byteLength));
  return { rules, extraction, definitions: Number(definitions), file: fileIds, kind, segments, files: decodeStamps(files) };
}

/** The base's metadata values that are stored, by meta key. */
function termMeta(db: SqliteDb): Map<string, string> {
  const meta = new Map<string, string>();
  db.each(`SELECT key, value FROM meta WHERE key IN (?, ?, ?)`, Object.values(META_KEYS), ([k, v]) => meta.set(String(k), String(v)));
  return meta;
}

/**
 * The rules and extraction the stored base was built under, when `readTermBase` would find one:
 * its metadata and that its four tables are there, without reading them. Undefined otherwise.
 */
export function readTermBaseStamp(reader: GraphReader): TermBaseStamp | undefined {
  const db = connectionOf(reader);
  const meta = termMeta(db);
  const [rules, extraction] = [meta.get(META_KEYS.rules), meta.get(META_KEYS.extraction)];
  if (rules === undefined || extraction === undefined || meta.get(META_KEYS.definitions) === undefined) return undefined;
  const tables = Number(db.value(`SELECT count(*) FROM term_base WHERE key IN ('file', 'kind', 'segments', 'files')`) ?? 0);
  return tables === 4 ? { rules, extraction } : undefined;
}

/** The stored ids of `term` in `field` (ascending), or an empty array. */
export function readTermPostings(reader: GraphReader, term: string, field: TermField): Int32Array {
  const blob = connectionOf(reader)
    .cached('SELECT ids FROM term_postings WHERE term = ? AND field = ?')
    .value([term, TERM_FIELDS.indexOf(field)]);
  return blob instanceof Uint8Array ? decodeIds(blob) : new Int32Array(0);
}

/** Every file's id, stored definition count and content hash, in id order: what a base is compared with. */
export function eachFileStamp(reader: GraphReader, fn: (stamp: FileStamp) => void): void {
  connectionOf(reader).each('SELECT id, node_count, sha256 FROM files ORDER BY id', [], ([id, n, sha]) => {
    fn({ id: Number(id), definitions: Number(n), sha256: shaHex(sha) });
  });
}

/** The largest node id, 0 when there are no nodes. */
export function maxNodeId(reader: GraphReader): number {
  return Number(connectionOf(reader).value('SELECT max(id) FROM nodes') ?? 0);
}

/**
 * Calls `fn` for every definition of the files `fileIds` (at most a few hundred per call), in id
 * order, with its name, qualified name and the first `docChars` characters of its docstring.
 */
export function eachDefinitionTextInFiles(
  reader: GraphReader, fileIds: readonly number[], docChars: number,
  fn: (id: number, fileId: number, kind: number, name: string, qualifiedName: string, doc: string) => void,
): void {
  if (fileIds.length === 0) return;
  connectionOf(reader).each(
    `SELECT id, file_id, kind, name, ${qualifiedNameOf('nodes')}, substr(coalesce(docstring, ''), 1, ${docChars}) FROM nodes
     WHERE file_id IN (${fileIds.map(() => '?').join(',')}) AND kind <> ? ORDER BY id`,
    [...fileIds, FILE_KIND],
    ([id, fileId, kind, name, qualifiedName, doc]) => {
      fn(Number(id), Number(fileId), Number(kind), String(name ?? ''), String(qualifiedName ?? ''), String(doc ?? ''));
    },
  );
}

/** Ascending ids as varints of their gaps: a few bytes per id instead of four. */
export function encodeIds(ids: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array(ids.length * 5);
  let at = 0;
  let previous = 0;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] ?? 0;
    let gap = id - previous;
    previous = id;
    while (gap >= 0x80) {
      out[at++] = (gap & 0x7f) | 0x80;
      gap >>>= 7;
    }
    out[at++] = gap;
  }
  return out.slice(0, at);
}

/** The inverse of `encodeIds`. */
export function decodeIds(bytes: Uint8Array): Int32Array {
  let count = 0;
  for (let i = 0; i < bytes.length; i++) if (((bytes[i] ?? 0) & 0x80) === 0) count++;
  const out = new Int32Array(count);
  let value = 0;
  let shift = 0;
  let previous = 0;
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] ?? 0;
    value |= (b & 0x7f) << shift;
    if (b & 0x80) {
      shift += 7;
      continue;
    }
    previous += value;
    out[n++] = previous;
    value = 0;
    shift = 0;
  }
  return out;
}

function encodeStamps(files: readonly FileStamp[]): Uint8Array {
  const out = new Uint8Array(files.length * STAMP_BYTES);
  const view = new DataView(out.buffer);
  files.forEach((f, i) => {
    view.setInt32(i * STAMP_BYTES, f.id, true);
    view.setInt32(i * STAMP_BYTES + 4, f.definitions, true);
    out.set(Buffer.from(f.sha256.padEnd(SHA_BYTES * 2, '0').slice(0, SHA_BYTES * 2), 'hex'), i * STAMP_BYTES + 8);
  });
  return out;
}

function decodeStamps(bytes: Uint8Array): FileStamp[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: FileStamp[] = [];
  for (let at = 0; at + STAMP_BYTES <= bytes.length; at += STAMP_BYTES) {
    out.push({
      id: view.getInt32(at, true),
      definitions: view.getInt32(at + 4, true),
      sha256: Buffer.from(bytes.subarray(at + 8, at + STAMP_BYTES)).toString('hex'),
    });
  }
  return out;
}
