/**
 * The code a long-running process runs from, as it was when the process started. A rebuild or a
 * reinstall that keeps the version number, or a removed `npx` cache, changes the files under a
 * running daemon: the next module it loads lazily is then missing or of another build, and every
 * call it answers fails. A daemon that finds its code changed stops, and the next client starts
 * one from the files now there; a client that finds its own code changed is the outdated one.
 *
 * The entry script stands for the whole build: the shipped bundle's entry imports its chunks by
 * content-hashed names, so any change to the code changes its bytes. A `stat` per check is the
 * fast path; only when the file's identity changed are its bytes hashed, so a file whose times or
 * inode change with the same content (another hard link from pnpm's store, a backup restoring
 * times) is the same installation.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';

/**
 * What a check of one entry script found: its identity and content digest (none when the identity
 * is the one already known to hold the start's content), or that it is gone.
 */
type Observed = { readonly stat: string; readonly digest: string | undefined } | 'missing';

/** Watches one entry script's installation; `changed()` is what a daemon's poll asks. */
export class Installation {
  readonly entry: string;
  readonly #digest: string | undefined;
  /** The identity whose content was last found equal to the start's. */
  #stat: string | undefined;

  /** Reads `entry` now: the installation is what is there at this moment. */
  constructor(entry: string) {
    this.entry = entry;
    const start = observe(entry, undefined);
    this.#digest = start === 'missing' ? undefined : start.digest;
    this.#stat = start === 'missing' ? undefined : start.stat;
  }

  /**
   * Why the installation is no longer the one this process started from, or undefined. An entry
   * that could not be read at the start is never reported changed.
   */
  changed(): string | undefined {
    if (this.#digest === undefined) return undefined;
    const now = observe(this.entry, this.#stat);
    if (now === 'missing') return `the installation it runs from was removed (${this.entry})`;
    if (now.digest !== undefined && now.digest !== this.#digest) return `the installation it runs from changed on disk (${this.entry})`;
    this.#stat = now.stat;
    return undefined;
  }
}

/**
 * This process's own code, read as this module loads (at the start of a command that runs or
 * attaches to a daemon): what a detached daemon watches, and what tells a client it is the
 * outdated one among those sharing a daemon.
 */
export const ownInstallation: Installation | undefined = process.argv[1] !== undefined ? new Installation(process.argv[1]) : undefined;

/** The entry's identity and digest; the digest is read again only when the identity is not `known`. */
function observe(entry: string, known: string | undefined): Observed {
  try {
    const file = statSync(entry);
    const stat = `${file.dev}:${file.ino}:${file.size}:${file.mtimeMs}:${file.ctimeMs}`;
    if (stat === known) return { stat, digest: undefined };
    return { stat, digest: createHash('sha256').update(readFileSync(entry)).digest('hex') };
  } catch {
    return 'missing';
  }
}
