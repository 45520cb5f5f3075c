import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { languageForPath } from './languages.js';
import { loadConfig, scanProject } from './scan/index.js';
import { GraphStore, loadDatabase, SqliteDb, type GraphCounts } from '../store/index.js';
import { INDEX_DIR } from '../project/resolve.js';

/** Files whose current state differs from the index. */
export interface PendingSync {
  readonly added: readonly string[];
  readonly modified: readonly string[];
  readonly removed: readonly string[];
}

/** Everything `status` reports. */
export interface IndexStatus {
  readonly root: string;
  readonly indexedAt: string | undefined;
  readonly databaseBytes: number;
  readonly counts: GraphCounts;
  readonly diagnostics: number;
  readonly diagnosticsByReason: Readonly<Record<string, number>>;
  readonly pending: PendingSync;
}

/**
 * Reads the index of `root` without taking the writer lock, and compares it with the files on
 * disk (size + millisecond mtime first, sha256 only on a mismatch). Undefined when there is no index.
 */
export async function readStatus(root: string): Promise<IndexStatus | undefined> {
  const loaded = await loadDatabase(join(root, INDEX_DIR));
  if (loaded === undefined) return undefined;
  const store = GraphStore.open(await SqliteDb.open(loaded.bytes));
  try {
    const counts = store.counts();
    const diagnostics = store.diagnostics();
    const byReason: Record<string, number> = {};
    for (const d of diagnostics) byReason[d.reason] = (byReason[d.reason] ?? 0) + 1;
    const stored = new Map(store.listFiles().map((f) => [f.path, f]));
    const configResult = await loadConfig(root);
    const config = configResult.kind === 'ok' ? configResult.config : undefined;
    const added: string[] = [];
    const modified: string[] = [];
    const removed: string[] = [];
    if (config !== undefined) {
      const scan = await scanProject(root, { config, languageOf: (p) => languageForPath(p, config.extensions) });
      const failed = new Set(diagnostics.map((d) => d.path));
      const seen = new Set<string>();
      for (const file of scan.files) {
        seen.add(file.path);
        const old = stored.get(file.path);
        if (old === undefined) {
          if (!failed.has(file.path)) added.push(file.path);
          continue;
        }
        if (old.size === file.size && Math.trunc(old.mtimeMs) === Math.trunc(file.mtimeMs)) continue;
        const bytes = await readFile(join(root, file.path)).catch(() => undefined);
        const sha = bytes === undefined ? '' : createHash('sha256').update(bytes).digest('hex');
        if (sha !== old.sha256) modified.push(file.path);
      }
      for (const path of stored.keys()) if (!seen.has(path)) removed.push(path);
    }
    return {
      root,
      indexedAt: store.getMeta('indexed_at'),
      databaseBytes: loaded.bytes.length,
      counts,
      diagnostics: diagnostics.length,
      diagnosticsByReason: byReason,
      pending: { added, modified, removed },
    };
  } finally {
    store.db.close();
  }
}
