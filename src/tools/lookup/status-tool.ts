/**
 * codegraph_status: the summary `codegraph status` prints (the same `IndexStatus` shape), computed
 * from the already-open index instead of loading the database a second time.
 */
import { languageForPath } from '../../index/languages.js';
import { loadConfig, scanProject } from '../../index/scan/index.js';
import { fileStates } from '../../store/index.js';
import type { GraphCounts, LanguageCounts } from '../../store/index.js';
import { FreshnessProbe } from '../../project/freshness.js';
import type { ProjectIndex } from '../../project/index-cache.js';
import type { ToolHandler } from '../service.js';
import { count, truncateOutput } from './text.js';

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
  /** Per language, most files first. */
  readonly byLanguage: readonly LanguageCounts[];
  readonly diagnostics: number;
  readonly diagnosticsByReason: Readonly<Record<string, number>>;
  readonly pending: PendingSync;
}

/** Most paths listed per pending-sync category. */
const PENDING_SHOWN = 20;

/**
 * Files added, modified or removed since the last index, by the same rules as `codegraph sync`:
 * the configured scope, size + millisecond mtime first, sha256 only on a mismatch.
 */
export async function pendingSync(index: ProjectIndex, signal?: AbortSignal): Promise<PendingSync | undefined> {
  const configResult = await loadConfig(index.root);
  if (configResult.kind !== 'ok') return undefined;
  const config = configResult.config;
  const scan = await scanProject(index.root, { config, languageOf: (p) => languageForPath(p, config.extensions), signal });
  // One pass over the file table; the scan already stat'ed every file, so only a size or mtime
  // mismatch costs a read and a hash (per-file lookups and stats took 17 s on the Linux kernel).
  const stored = fileStates(index.store);
  const failed = new Set(index.store.diagnostics().map((d) => d.path));
  const probe = new FreshnessProbe(index.root, index.store, { maxBytes: Math.max(config.maxFileSize, 1) });
  const added: string[] = [];
  const modified: string[] = [];
  const seen = new Set<string>();
  for (const file of scan.files) {
    seen.add(file.path);
    const record = stored.get(file.path);
    if (record === undefined) {
      if (!failed.has(file.path)) added.push(file.path);
    } else if (file.size === record.size && Math.trunc(file.mtimeMs) === Math.trunc(record.mtimeMs)) {
      continue;
    } else if (probe.check(file.path) === 'drifted') modified.push(file.path);
  }
  const removed = [...stored.keys()].filter((p) => !seen.has(p));
  return { added, modified, removed };
}

/** The status of the open index. */
export async function indexStatus(index: ProjectIndex, signal?: AbortSignal): Promise<{ status: IndexStatus; scopeReadable: boolean }> {
  const diagnostics = index.store.diagnostics();
  const byReason: Record<string, number> = {};
  for (const d of diagnostics) byReason[d.reason] = (byReason[d.reason] ?? 0) + 1;
  const pending = await pendingSync(index, signal);
  const totals = index.store.totals();
  return {
    status: {
      root: index.root,
      indexedAt: index.store.getMeta('indexed_at'),
      databaseBytes: index.databaseBytes,
      counts: totals.counts,
      byLanguage: totals.byLanguage,
      diagnostics: diagnostics.length,
      diagnosticsByReason: byReason,
      pending: pending ?? { added: [], modified: [], removed: [] },
    },
    scopeReadable: pending !== undefined,
  };
}

/** Bytes as B, KB or MB. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

function tally(entries: Iterable<[string, number | undefined]>): string {
  const list = [...entries].filter((e): e is [string, number] => (e[1] ?? 0) > 0).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return list.length === 0 ? 'none' : list.map(([k, n]) => `${k} ${n}`).join(', ');
}

/** The text answer of the status tool. */
export function formatIndexStatus(s: IndexStatus, scopeReadable = true): string {
  const c = s.counts;
  const reasons = tally(Object.entries(s.diagnosticsByReason));
  const lines = [
    `Index status of ${s.root}`,
    `Indexed at: ${s.indexedAt ?? 'unknown'}`,
    `Files: ${c.files} · Nodes: ${c.nodes} · Edges: ${c.edges} · Database: ${formatBytes(s.databaseBytes)}`,
    `References: ${c.refs} (${c.unresolvedRefs} unresolved)`,
    `Nodes by kind: ${tally(Object.entries(c.nodesByKind))}`,
    `Edges by kind: ${tally(Object.entries(c.edgesByKind))}`,
    `Languages: ${tally(Object.entries(c.filesByLanguage))}`,
    ...s.byLanguage.map((l) => `  ${l.language}: ${count(l.files, 'file')}, ${count(l.nodes, 'node')}, ${count(l.edges, 'edge')}, ${count(l.refs, 'reference')} (${l.unresolvedRefs} unresolved)`),
    `Diagnostics: ${s.diagnostics}${s.diagnostics > 0 ? ` (${reasons})` : ''}`,
  ];
  const p = s.pending;
  const pending = p.added.length + p.modified.length + p.removed.length;
  lines.push('');
  if (!scopeReadable) {
    lines.push('Pending sync: unknown (the project configuration could not be read).');
  } else if (pending === 0) {
    lines.push('Pending sync: none (the index matches the files on disk).');
  } else {
    lines.push(`Pending sync: ${count(pending, 'file')} changed since the last index; run \`codegraph sync\`.`);
    const show = (label: string, list: readonly string[]): void => {
      if (list.length === 0) return;
      lines.push(`  ${label} (${list.length}):`);
      for (const path of list.slice(0, PENDING_SHOWN)) lines.push(`    ${path}`);
      if (list.length > PENDING_SHOWN) lines.push(`    … and ${list.length - PENDING_SHOWN} more`);
    };
    show('added', p.added);
    show('modified', p.modified);
    show('removed', p.removed);
  }
  return `${lines.join('\n')}\n`;
}

/** Handler of codegraph_status. */
export const statusHandler: ToolHandler = async (_args, index, context) => {
  const { status, scopeReadable } = await indexStatus(index, context.signal);
  return { text: truncateOutput(formatIndexStatus(status, scopeReadable)), json: { indexed: true, ...status, pendingKnown: scopeReadable } };
};
