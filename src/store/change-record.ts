/**
 * The change log's bytes (see change-log.ts for what a change is): a file of records, each one
 * save's row changes. A record is framed as
 *
 *   "CGL1" | payload length (u32 LE) | CRC-32 of the payload (u32 LE) | payload (UTF-8 JSON)
 *
 * and its payload names the generation of the base image it applies to. Reading stops at the
 * first record that is cut short or fails its checksum (what a process killed while appending
 * leaves); records of another generation than the base's are a stale log and are not used.
 * Bytes in, records out: no I/O here.
 */
import { crc32 } from 'node:zlib';

/** One row change: in `table`, `I` writes the row `values` at `key`, `D` deletes the row at `key`. */
export type RowChange = readonly [table: string, op: 'I' | 'D', key: string, values: string | null];

const MAGIC = 0x314c4743; // "CGL1" read as a little-endian u32
const HEADER_BYTES = 12;

/** The bytes of one record holding `changes` for the base of `generation`. */
export function encodeChangeRecord(generation: string, changes: readonly RowChange[]): Uint8Array {
  const payload = Buffer.from(JSON.stringify({ g: generation, c: changes }), 'utf8');
  const record = Buffer.allocUnsafe(HEADER_BYTES + payload.length);
  record.writeUInt32LE(MAGIC, 0);
  record.writeUInt32LE(payload.length, 4);
  record.writeUInt32LE(crc32(payload), 8);
  payload.copy(record, HEADER_BYTES);
  return record;
}

/** What a log's bytes hold for one base. */
export interface DecodedLog {
  /** Each sound record's changes, in order, with the offset just past it. */
  readonly records: readonly { readonly changes: readonly RowChange[]; readonly end: number }[];
  /** Bytes up to the end of the last sound record of this generation: where the next append goes. */
  readonly validBytes: number;
  /** Why reading stopped before the end, when it did. */
  readonly stoppedBecause: 'torn' | 'other-generation' | 'malformed' | undefined;
}

/** The records of `bytes` that apply to the base of `generation`. */
export function decodeChangeLog(bytes: Uint8Array, generation: string): DecodedLog {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const records: { changes: RowChange[]; end: number }[] = [];
  let at = 0;
  const stop = (why: DecodedLog['stoppedBecause']): DecodedLog => ({ records, validBytes: at, stoppedBecause: why });
  while (at < buf.length) {
    if (buf.length - at < HEADER_BYTES || buf.readUInt32LE(at) !== MAGIC) return stop('torn');
    const length = buf.readUInt32LE(at + 4);
    if (buf.length - at - HEADER_BYTES < length) return stop('torn');
    const payload = buf.subarray(at + HEADER_BYTES, at + HEADER_BYTES + length);
    if (crc32(payload) !== buf.readUInt32LE(at + 8)) return stop('torn');
    const parsed = parsePayload(payload);
    if (parsed === undefined) return stop('malformed');
    if (parsed.g !== generation) return stop('other-generation');
    at += HEADER_BYTES + length;
    records.push({ changes: parsed.c, end: at });
  }
  return stop(undefined);
}

function parsePayload(payload: Buffer): { g: string; c: RowChange[] } | undefined {
  let json: unknown;
  try {
    json = JSON.parse(payload.toString('utf8'));
  } catch {
    return undefined;
  }
  // Object() makes any JSON value something to read fields of (null and numbers have none).
  const { g, c } = Object(json) as Record<string, unknown>;
  if (typeof g !== 'string' || !Array.isArray(c) || !c.every(isRowChange)) return undefined;
  return { g, c };
}

function isRowChange(value: unknown): value is RowChange {
  if (!Array.isArray(value) || value.length !== 4) return false;
  const [table, op, key, values] = value as unknown[];
  if (typeof table !== 'string' || typeof key !== 'string') return false;
  return (op === 'I' && typeof values === 'string') || (op === 'D' && values === null);
}
