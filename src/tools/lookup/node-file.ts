/** codegraph_node in file mode: a file's numbered current source, or its symbols, with freshness rules. */
import { FILE_MODE_MAX_LINES, isSecretPath } from '../../project/freshness.js';
import type { FreshnessProbe } from '../../project/freshness.js';
import type { ProjectIndex } from '../../project/index-cache.js';
import { filesUsing } from '../../store/index.js';
import type { StoredNode } from '../../store/index.js';
import type { ToolOutput } from '../service.js';
import { count, fence, numberLines, splitLines, truncateOutput } from './text.js';

/** What to show of the file. */
export interface FileView {
  readonly path: string;
  /** Explicit `offset` / `limit` arguments; they override a pasted selector independently. */
  readonly offset?: number | undefined;
  readonly limit?: number | undefined;
  /** Pasted `:start` or `:start-end`. */
  readonly start?: number | undefined;
  readonly end?: number | undefined;
  readonly symbolsOnly: boolean;
}

/** The header line `path — T lines, S symbols · used by N files: a, b`. */
function header(path: string, totalLines: number | undefined, symbols: number, users: readonly string[]): string {
  const shown = users.slice(0, 5).join(', ');
  const more = users.length > 5 ? ` +${users.length - 5} more` : '';
  const used = users.length === 0 ? 'used by no other indexed file' : `used by ${count(users.length, 'file')}: ${shown}${more}`;
  const lines = totalLines === undefined ? 'unknown length' : count(totalLines, 'line');
  return `${path} — ${lines}, ${count(symbols, 'symbol')} · ${used}`;
}

function depthOf(node: StoredNode, byId: ReadonlyMap<number, StoredNode>): number {
  let depth = 0;
  let parent = node.parentId === null ? undefined : byId.get(node.parentId);
  while (parent !== undefined && parent.kind !== 'file' && depth < 20) {
    depth += 1;
    parent = parent.parentId === null ? undefined : byId.get(parent.parentId);
  }
  return depth;
}

/** Renders file mode; `probe` records the file as cited when current bytes are shown. */
export function renderFile(index: ProjectIndex, probe: FreshnessProbe, view: FileView): ToolOutput {
  const file = index.store.getFile(view.path);
  const path = view.path;
  if (file === undefined) return { text: `No indexed file ${path}.\n` };
  if (isSecretPath(path)) {
    return {
      text: `Refusing to show ${path}: it looks like a secrets file (keys, credentials, .env), so its contents are never served.\n`,
      json: { path, refused: 'secret' },
    };
  }
  const users = filesUsing(index.store, file.id);
  const state = probe.check(path);
  const current = probe.readCurrent(path);
  const lines = current === undefined ? undefined : splitLines(current);
  const head = header(path, lines?.length, file.nodeCount, users);
  const base = { path, language: file.language, symbols: file.nodeCount, usedBy: users, fresh: state === 'fresh' };

  if (view.symbolsOnly) {
    const nodes = index.store.nodesInFile(path).filter((n) => n.kind !== 'file');
    const byId = new Map(index.store.nodesInFile(path).map((n) => [n.id, n]));
    const out = [head, ''];
    if (state === 'drifted') out.push('Line numbers are from the last index sync; the file has changed since and they may have shifted.', '');
    for (const n of nodes) out.push(`${'  '.repeat(depthOf(n, byId))}${n.name} (${n.kind}) :${n.startLine}-${n.endLine}`);
    if (nodes.length === 0) out.push('No symbols.');
    const json = { ...base, symbolsList: nodes.map((n) => ({ id: n.id, name: n.name, kind: n.kind, line: n.startLine, endLine: n.endLine })) };
    return { text: truncateOutput(`${out.join('\n')}\n`), json };
  }

  if (lines === undefined) {
    const why = state === 'drifted' ? 'it changed since the last index sync and cannot be read now' : 'it cannot be read';
    return { text: `${head}\n\nThe source is not shown: ${why}.\n`, json: { ...base, lines: null } };
  }
  const total = lines.length;
  if (state === 'drifted') {
    if (total > FILE_MODE_MAX_LINES) {
      return {
        text: `${head}\n\nThe source is not shown: this file changed since the last index sync and has more than ${FILE_MODE_MAX_LINES} lines, so it is neither sliced at stale line numbers nor shown whole. Run \`codegraph sync\` and ask again.\n`,
        json: { ...base, lines: null, omitted: 'drifted-over-cap' },
      };
    }
    probe.cite(path);
    const asked = view.offset !== undefined || view.limit !== undefined || view.start !== undefined;
    const note = `This file changed since the last index sync; showing the whole current file${asked ? ' (the requested lines were ignored)' : ''}.`;
    const body = `${head}\n\n${note}\n\n${fence(file.language, numberLines(lines, 1))}\n`;
    return { text: probe.withBanner(truncateOutput(body, undefined, 'Use offset and limit after `codegraph sync` to read the rest.')), json: { ...base, start: 1, end: total, total, drifted: true } };
  }

  const start = view.offset ?? view.start ?? 1;
  const defaultLimit = view.offset === undefined && view.start !== undefined && view.end !== undefined ? view.end - view.start + 1 : FILE_MODE_MAX_LINES;
  const limit = Math.min(view.limit ?? defaultLimit, FILE_MODE_MAX_LINES);
  if (total === 0) return { text: `${head}\n\nThe file is empty.\n`, json: { ...base, start: 0, end: 0, total } };
  if (start > total) {
    return { text: `${head}\n\nLine ${start} is past the end of the file (${count(total, 'line')}).\n`, json: { ...base, start, end: null, total } };
  }
  const end = Math.min(total, start + limit - 1);
  probe.cite(path);
  const out = [head, ''];
  if (start > 1 || end < total) {
    const more = end < total ? ` Read more with offset=${end + 1}${end - start + 1 >= FILE_MODE_MAX_LINES ? ` (at most ${FILE_MODE_MAX_LINES} lines per call)` : ''}.` : '';
    out.push(`Showing lines ${start}-${end} of ${total}.${more}`, '');
  }
  out.push(fence(file.language, numberLines(lines.slice(start - 1, end), start)));
  const text = truncateOutput(`${out.join('\n')}\n`, undefined, 'Use offset and limit to read the rest.');
  return { text: probe.withBanner(text), json: { ...base, start, end, total } };
}
