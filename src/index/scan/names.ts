/**
 * File names the index can hold. Paths are stored and shown as text and files are reopened by
 * path, so a name that is not valid UTF-8 (it would come back with U+FFFD in place of its bad
 * bytes and name no file), a name holding control characters (printed, an escape sequence would
 * drive the reader's terminal and a newline would forge a line of an answer), or a path too long
 * for the system to open is passed over by the walk.
 */
import type { Dirent } from 'node:fs';
import { readdirSync } from 'node:fs';

/** The part of a directory entry the walk uses. */
export interface Entry {
  readonly name: string;
  isDirectory(): boolean;
  isFile(): boolean;
  isSymbolicLink(): boolean;
}

/**
 * An entry whose name the index cannot hold: `name` has U+FFFD for each bad sequence or control
 * character, so it is safe to print.
 */
export interface InvalidEntry extends Entry {
  /** The name's bytes in hex, so the user can find the file. */
  readonly bytes: string;
  /** What is wrong with the name. */
  readonly problem: 'not valid UTF-8' | 'holds control characters';
}

/** Longest file name in bytes on Linux, macOS and Windows file systems (NAME_MAX). */
export const NAME_MAX_BYTES = 255;

/**
 * Longest absolute path in bytes that can be opened (Linux's PATH_MAX of 4096, less the closing
 * NUL). A longer one fails every call with ENAMETOOLONG, so its file could never be read.
 */
export const PATH_MAX_BYTES = 4095;

const REPLACEMENT = '\uFFFD';
/** C0 controls (newline and tab included), DEL and C1 controls. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * Lists `dir` (throws as `readdirSync` does). Names are decoded as UTF-8; only when one shows a
 * replacement character is the directory listed again as bytes, to tell a real U+FFFD in a valid
 * name from a bad byte sequence.
 */
export function listNames(dir: string): { entries: readonly Entry[]; invalid: readonly InvalidEntry[] } {
  const entries = readdirSync(dir, { withFileTypes: true });
  if (!entries.some((entry) => entry.name.includes(REPLACEMENT) || CONTROL.test(entry.name))) return { entries, invalid: [] };
  const valid: Entry[] = [];
  const invalid: InvalidEntry[] = [];
  for (const raw of readdirSync(dir, { withFileTypes: true, encoding: 'buffer' })) {
    const name = raw.name.toString('utf8');
    const utf8 = Buffer.from(name, 'utf8').equals(raw.name);
    if (utf8 && !CONTROL.test(name)) valid.push(named(raw, name));
    else invalid.push({ ...named(raw, name.replace(CONTROLS, REPLACEMENT)), bytes: raw.name.toString('hex'), problem: utf8 ? 'holds control characters' : 'not valid UTF-8' });
  }
  return { entries: valid, invalid };
}

function named(raw: Dirent<Buffer>, name: string): Entry {
  return {
    name,
    isDirectory: () => raw.isDirectory(),
    isFile: () => raw.isFile(),
    isSymbolicLink: () => raw.isSymbolicLink(),
  };
}

/**
 * Why `name` (one path component) or `absPath` is too long to index, or undefined. Checked before
 * any call on the path, so such an entry costs no failing system call on every sync.
 */
export function tooLongName(name: string, absPath: string): string | undefined {
  // A UTF-16 unit takes at most three bytes in UTF-8: a short string needs no counting.
  if (name.length * 3 > NAME_MAX_BYTES) {
    const bytes = Buffer.byteLength(name, 'utf8');
    if (bytes > NAME_MAX_BYTES) return `the name is ${bytes} bytes long, over the ${NAME_MAX_BYTES} a file system allows`;
  }
  if (absPath.length * 3 > PATH_MAX_BYTES) {
    const bytes = Buffer.byteLength(absPath, 'utf8');
    if (bytes > PATH_MAX_BYTES) return `the path is ${bytes} bytes long, over the ${PATH_MAX_BYTES} the system can open`;
  }
  return undefined;
}
