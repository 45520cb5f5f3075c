/**
 * A cheap look at a database image before sql.js opens it: the SQLite header and whether the
 * file holds every page the header counts. A truncated copy, random bytes or another file in
 * the index's place are told apart from a sound database without reading past the header.
 * Damage deep inside pages is found by SQLite itself when a query reaches it (see sqlite.ts).
 */

/** Every SQLite database file starts with these 16 bytes. */
const MAGIC = 'SQLite format 3\u0000';
/** The header is the first 100 bytes of page 1. */
const HEADER_BYTES = 100;

/** Why `bytes` cannot be a sound SQLite database, or undefined when its header holds up. */
export function imageProblem(bytes: Uint8Array): string | undefined {
  if (bytes.length < HEADER_BYTES) return `${bytes.length} bytes, shorter than a database header`;
  for (let i = 0; i < MAGIC.length; i++) {
    if (bytes[i] !== MAGIC.charCodeAt(i)) return 'not an SQLite database';
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const rawPageSize = view.getUint16(16);
  const pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
  if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0) return `a header with an impossible page size (${rawPageSize})`;
  // The page count in the header is valid when the change counter equals "version valid for".
  const pages = view.getUint32(28);
  const countValid = view.getUint32(24) === view.getUint32(92) && pages > 0;
  if (bytes.length % pageSize !== 0) return `${bytes.length} bytes, not a whole number of ${pageSize}-byte pages: truncated or padded`;
  if (countValid && pages * pageSize > bytes.length) return `truncated: ${bytes.length} of ${pages * pageSize} bytes`;
  return undefined;
}
