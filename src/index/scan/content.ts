/**
 * Turning file bytes into parser input. The walker never reads contents; the parser calls these.
 */

/** How far into a file the binary check looks, as git's own heuristic does. */
export const BINARY_SNIFF_BYTES = 8192;

/** True when a NUL byte occurs in the first 8 KiB: such files are not source text. */
export function looksBinary(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, BINARY_SNIFF_BYTES);
  for (let i = 0; i < end; i++) {
    if (bytes[i] === 0) return true;
  }
  return false;
}

// Not fatal: one bad byte sequence must not cost the whole file, it becomes U+FFFD.
const decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false });

/** Decodes UTF-8 source, dropping a leading BOM and replacing invalid sequences with U+FFFD. */
export function decodeSource(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}
