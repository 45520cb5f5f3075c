/**
 * A cheap look at a database image before sql.js opens it: the SQLite header and whether the
 * file holds every page the header counts. A truncated copy, random bytes or another file in
 * the index's place are told apart from a sound database without reading past the header.
 * Damage deep inside pages is found by SQLite itself when a query reaches it (see sqlite.ts).
 * The one reader of the header's fields in the store.
 */

/** Every SQLite database file starts with these 16 bytes. */
const MAGIC = 'SQLite format 3\u0000';
/** The header is the first 100 bytes of page 1. */
const HEADER_BYTES = 100;

/** Offsets of the header's big-endian fields the store reads (SQLite's file format). */
export const HEADER = { pageSize: 16, changeCounter: 24, pageCount: 28, userVersion: 60, versionValidFor: 92 } as const;

/** The 32-bit header field at `offset` of an image (0 for bytes shorter than a header). */
export function headerField(bytes: Uint8Array, offset: number): number {
  return bytes.length < HEADER_BYTES ? 0 : new DataView(bytes.buffer, bytes.byteOffset, HEADER_BYTES).getUint32(offset);
}

/**
 * Whether an image's header states its own size: a page count written at the change it counts
 * (the change counter equals "version valid for"), times the page size, is the length of
 * `bytes`. SQLite reads a file whose header does not as being as long as the file.
 */
export function statesItsSize(bytes: Uint8Array): boolean {
  if (bytes.length < HEADER_BYTES || !startsAsDatabase(bytes)) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, HEADER_BYTES);
  return view.getUint32(HEADER.changeCounter) === view.getUint32(HEADER.versionValidFor) && view.getUint32(HEADER.pageCount) * pageSizeOf(view) === bytes.length;
}

function startsAsDatabase(bytes: Uint8Array): boolean {
  for (let i = 0; i < MAGIC.length; i++) if (bytes[i] !== MAGIC.charCodeAt(i)) return false;
  return true;
}

/** The page size a header gives (1 stands for 65536). */
function pageSizeOf(view: DataView): number {
  const raw = view.getUint16(HEADER.pageSize);
  return raw === 1 ? 65536 : raw;
}

/** Why `bytes` cannot be a sound SQLite database, or undefined when its header holds up. */
export function imageProblem(bytes: Uint8Array): string | undefined {
  if (bytes.length < HEADER_BYTES) return `${bytes.length} bytes, shorter than a database header`;
  if (!startsAsDatabase(bytes)) return 'not an SQLite database';
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const pageSize = pageSizeOf(view);
  if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0) return `a header with an impossible page size (${view.getUint16(HEADER.pageSize)})`;
  // The page count in the header is valid when the change counter equals "version valid for".
  const pages = view.getUint32(HEADER.pageCount);
  const countValid = view.getUint32(HEADER.changeCounter) === view.getUint32(HEADER.versionValidFor) && pages > 0;
  if (bytes.length % pageSize !== 0) return `${bytes.length} bytes, not a whole number of ${pageSize}-byte pages: truncated or padded`;
  if (countValid && pages * pageSize > bytes.length) return `truncated: ${bytes.length} of ${pages * pageSize} bytes`;
  return undefined;
}
