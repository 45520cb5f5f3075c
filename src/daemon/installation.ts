/**
 * The files a detached daemon runs from, as they were when it started. A rebuild or a reinstall
 * that keeps the version number, or a removed `npx` cache, changes them under a running daemon:
 * the next module it loads lazily is then missing or of another build, and every call it answers
 * fails. A daemon that finds its files changed stops, and the next client starts one from the
 * files now there. No I/O beyond one `stat` call.
 */
import { statSync } from 'node:fs';

/**
 * What identifies the installation of the entry script `entry`: its device, inode, size, and
 * modification and change times (a file written again has a new change time even where its
 * content, size and set modification time are the old ones); `missing` when it cannot be read.
 */
export function installationStamp(entry: string): string {
  try {
    const file = statSync(entry);
    return `${file.dev}:${file.ino}:${file.size}:${file.mtimeMs}:${file.ctimeMs}`;
  } catch {
    return 'missing';
  }
}

/** Watches one entry script's installation; `changed()` is what a daemon's poll asks. */
export class Installation {
  readonly entry: string;
  readonly #stamp: string;

  constructor(entry: string) {
    this.entry = entry;
    this.#stamp = installationStamp(entry);
  }

  /** Why the installation is no longer the one this process started from, or undefined. */
  changed(): string | undefined {
    const now = installationStamp(this.entry);
    if (now === this.#stamp) return undefined;
    return now === 'missing' ? `the installation it runs from was removed (${this.entry})` : `the installation it runs from changed on disk (${this.entry})`;
  }
}
