/**
 * Live updates for open pages: while at least one page listens, the index files on disk are
 * looked at a few times a second, and every listener is told when they changed (a sync by the
 * daemon, `codegraph sync` or a watch saved). Looking costs two `stat` calls; nothing is read.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { CHANGE_LOG_FILE, DATABASE_FILE } from '../store/layout.js';

/** How often the index files are looked at while someone listens. */
export const POLL_MS = 250;

/** What the index files look like now: changes whenever a save replaced the image or appended to its log. */
export function indexSignature(indexDir: string): string {
  const parts: string[] = [];
  for (const name of [DATABASE_FILE, CHANGE_LOG_FILE]) {
    try {
      const s = statSync(join(indexDir, name));
      parts.push(`${s.ino}:${s.size}:${s.mtimeMs}`);
    } catch {
      parts.push('-');
    }
  }
  return parts.join('|');
}

/** Tells listeners when `signature()` changes; polls only while there are listeners. */
export class IndexChanges {
  readonly #signature: () => string;
  readonly #pollMs: number;
  readonly #listeners = new Set<(version: string) => void>();
  #timer: NodeJS.Timeout | undefined;
  #last = '';

  constructor(signature: () => string, pollMs = POLL_MS) {
    this.#signature = signature;
    this.#pollMs = pollMs;
  }

  /** The current signature. */
  current(): string {
    return this.#signature();
  }

  /** Adds a listener; the returned function removes it. */
  listen(fn: (version: string) => void): () => void {
    if (this.#listeners.size === 0) {
      this.#last = this.#signature();
      this.#timer = setInterval(() => this.#poll(), this.#pollMs);
      this.#timer.unref();
    }
    this.#listeners.add(fn);
    return () => {
      this.#listeners.delete(fn);
      if (this.#listeners.size === 0) this.#stop();
    };
  }

  /** Drops every listener and stops polling. Idempotent. */
  close(): void {
    this.#listeners.clear();
    this.#stop();
  }

  #poll(): void {
    const now = this.#signature();
    if (now === this.#last) return;
    this.#last = now;
    for (const fn of [...this.#listeners]) fn(now);
  }

  #stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
