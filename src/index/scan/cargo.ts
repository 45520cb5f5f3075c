/**
 * The Rust crate a file belongs to, by the name other crates of its package use for it: integration
 * tests, benches and examples (`tests/*.rs`) are crates of their own that reach the package's
 * library as `tokio::task::JoinSet`, a name only the package's `Cargo.toml` gives (`[lib] name`,
 * else `[package] name` with `-` written `_`). Read from the nearest manifest at or above the
 * file's folder, never above the project root, by the scan: each folder is looked up once per
 * scan, so an edited manifest is read again by the next one.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';

const MANIFEST = 'Cargo.toml';
/** Manifests larger than this are not read (real ones are a few kilobytes). */
const MAX_MANIFEST_BYTES = 256 * 1024;

/** Folder (absolute) -> the crate name its nearest manifest gives, or null for none: one scan's lookups. */
export type CrateFolders = Map<string, string | null>;

/**
 * The library crate name for the file at `absPath` (project-relative `path`), or undefined when no
 * manifest at or above its folder, up to the project root (real path `rootReal`), names one.
 * `byFolder` keeps the folders looked up so far (one scan's).
 */
export function crateNameFor(absPath: string, path: string, byFolder: CrateFolders, rootReal: string): string | undefined {
  const levels = path.split('/').length - 1;
  let folder = dirname(absPath);
  const seen: string[] = [];
  let found: string | null = null;
  for (let level = 0; level <= levels; level++) {
    const cached = byFolder.get(folder);
    if (cached !== undefined) {
      found = cached;
      break;
    }
    seen.push(folder);
    const name = manifestCrateName(join(folder, MANIFEST), rootReal);
    if (name !== undefined) {
      found = name;
      break;
    }
    folder = dirname(folder);
  }
  for (const f of seen) byFolder.set(f, found);
  return found ?? undefined;
}

/**
 * The crate name a manifest gives: undefined when the file is missing or unreadable, or names no
 * package (a workspace root), so the search goes on above it. Only the `name` keys of the
 * `[lib]` and `[package]` tables are read, line by line: the rest of a manifest (inline tables
 * of dependencies, say) is beyond what the control files' TOML reader takes, and not needed.
 */
function manifestCrateName(file: string, rootReal: string): string | undefined {
  let text: string;
  try {
    // A manifest linked from outside the project (`Cargo.toml -> ~/notes.toml`) is not the project's: not read.
    const real = realpathSync(file);
    if (real !== rootReal && !real.startsWith(`${rootReal}${sep}`)) return undefined;
    const bytes = readFileSync(file);
    if (bytes.length > MAX_MANIFEST_BYTES) return undefined;
    text = bytes.toString('utf8');
  } catch {
    return undefined;
  }
  const names: Record<string, string> = {};
  let table = '';
  for (const line of text.split(/\r?\n/)) {
    const header = TABLE_HEADER.exec(line);
    if (header !== null) {
      table = (header[1] ?? '').trim();
      continue;
    }
    const name = table === 'lib' || table === 'package' ? NAME_KEY.exec(line) : null;
    if (name !== null) names[table] ??= name[1] ?? name[2] ?? '';
  }
  const name = names['lib'] ?? names['package'];
  return name === undefined || !/^[A-Za-z0-9_-]+$/.test(name) ? undefined : name.replace(/-/g, '_');
}

/** `[package]`, `[lib]`; `[[bin]]` (an array of tables) is read as the table `[bin]`, whose names are not wanted. */
const TABLE_HEADER = /^\s*\[\[?([^\[\]]+)\]\]?\s*(?:#.*)?$/;
/** `name = "tokio"` or `name = 'tokio'`. */
const NAME_KEY = /^\s*name\s*=\s*(?:"([^"]*)"|'([^']*)')\s*(?:#.*)?$/;
