/**
 * codegraph_status: the summary `codegraph status` prints (the same `IndexStatus` shape), computed
 * from the already-open index instead of loading the database a second time.
 */
import { join } from 'node:path';
import { languageForPath } from '../../index/languages.js';
import { includeAdvice, loadConfig, outweighingIndex, scanProject, skippedOutputFolders } from '../../index/scan/index.js';
import type { ProjectConfig, SkippedOutput } from '../../index/scan/index.js';
import { fileStates, INDEX_DIR, readStatusSnapshot } from '../../store/index.js';
import type { Diagnostic, GraphCounts, GraphTotals, LanguageCounts } from '../../store/index.js';
import { FreshnessProbe, type FileRecordSource } from '../../project/freshness.js';
import type { ProjectIndex } from '../../project/index-cache.js';
import type { ToolHandler, ToolOutput } from '../service.js';
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
  /** Skipped build-output folders holding more source files than twice the index's (`outweighingIndex`). */
  readonly unindexedOutput: readonly SkippedOutput[];
  /** Whether the project's config has include globs (the advice differs). */
  readonly hasInclude: boolean;
}

/** Most paths listed per pending-sync category. */
const PENDING_SHOWN = 20;

/** What status reads of one index version: the open store, or the snapshot saved beside its database. */
export interface StatusSource {
  readonly root: string;
  readonly indexedAt: string | undefined;
  readonly databaseBytes: number;
  readonly totals: GraphTotals;
  readonly diagnostics: readonly Pick<Diagnostic, 'path' | 'reason'>[];
  /** Size and millisecond mtime of every indexed file, by path. */
  readonly files: ReadonlyMap<string, { readonly size: number; readonly mtimeMs: number }>;
  /** Hashes for the files whose size or mtime differ. */
  readonly records: FileRecordSource;
}

/** The open index as a status source. */
export function openIndexSource(index: ProjectIndex): StatusSource {
  const store = index.store;
  return {
    root: index.root,
    indexedAt: store.getMeta('indexed_at'),
    databaseBytes: index.databaseBytes,
    totals: store.totals(),
    diagnostics: store.diagnostics(),
    files: fileStates(store),
    records: store,
  };
}

/** The status snapshot beside `root`'s database as a status source, when it describes the current file. */
export async function snapshotSource(root: string): Promise<StatusSource | undefined> {
  const snapshot = await readStatusSnapshot(join(root, INDEX_DIR));
  if (snapshot === undefined) return undefined;
  const files = snapshot.files;
  return {
    root,
    indexedAt: snapshot.indexedAt,
    databaseBytes: snapshot.databaseBytes,
    totals: snapshot.totals,
    diagnostics: snapshot.diagnostics,
    files,
    records: {
      fileDigests: (paths) => new Map(paths.flatMap((p) => (files.has(p) ? [[p, files.get(p)!] as const] : []))),
    },
  };
}

/**
 * Files added, modified or removed since the last index, by the same rules as `codegraph sync`:
 * the configured scope, size + millisecond mtime first, sha256 only on a mismatch.
 */
export async function pendingSync(source: StatusSource, config: ProjectConfig, signal?: AbortSignal): Promise<PendingSync> {
  const scan = await scanProject(source.root, { config, languageOf: (p) => languageForPath(p, config.extensions), signal });
  // One pass over the file table; the scan already stat'ed every file, so only a size or mtime
  // mismatch costs a read and a hash (per-file lookups and stats took 17 s on the Linux kernel).
  const stored = source.files;
  const failed = new Set(source.diagnostics.map((d) => d.path));
  const probe = new FreshnessProbe(source.root, source.records, { maxBytes: Math.max(config.maxFileSize, 1) });
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

/** The status of one index version. */
export async function indexStatus(source: StatusSource, signal?: AbortSignal): Promise<{ status: IndexStatus; scopeReadable: boolean }> {
  const byReason: Record<string, number> = {};
  for (const d of source.diagnostics) byReason[d.reason] = (byReason[d.reason] ?? 0) + 1;
  const configResult = await loadConfig(source.root);
  const config = configResult.kind === 'ok' ? configResult.config : undefined;
  const pending = config === undefined ? undefined : await pendingSync(source, config, signal);
  const skipped = config === undefined ? [] : await skippedOutputFolders(source.root, config, (p) => languageForPath(p, config.extensions));
  return {
    status: {
      root: source.root,
      indexedAt: source.indexedAt,
      databaseBytes: source.databaseBytes,
      counts: source.totals.counts,
      byLanguage: source.totals.byLanguage,
      diagnostics: source.diagnostics.length,
      diagnosticsByReason: byReason,
      pending: pending ?? { added: [], modified: [], removed: [] },
      unindexedOutput: outweighingIndex(skipped, source.totals.counts.files),
      hasInclude: config?.include !== undefined,
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
    ...s.unindexedOutput.map((o) =>
      `Not indexed: ${o.folder}/ holds ${count(o.sourceFiles, 'source file')}${o.capped ? ' or more' : ''}, skipped as build output, against ${count(c.files, 'file')} indexed. ` +
      `If it is this project's code, as in a published package, ${includeAdvice(o.folder, s.hasInclude)} and sync.`),
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
export const statusHandler: ToolHandler = async (_args, index, context) => statusOutput(openIndexSource(index), context.signal);

/**
 * `codegraph status` without loading the database, from the snapshot saved beside it; undefined
 * when there is no snapshot of the current database version.
 */
export async function statusFromSnapshot(root: string, signal?: AbortSignal): Promise<ToolOutput | undefined> {
  const source = await snapshotSource(root);
  return source === undefined ? undefined : statusOutput(source, signal);
}

async function statusOutput(source: StatusSource, signal?: AbortSignal): Promise<ToolOutput> {
  const { status, scopeReadable } = await indexStatus(source, signal);
  return { text: truncateOutput(formatIndexStatus(status, scopeReadable)), json: { indexed: true, ...status, pendingKnown: scopeReadable } };
}
