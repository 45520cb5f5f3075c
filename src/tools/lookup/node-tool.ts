/** codegraph_node: one symbol's detail, or a file's numbered source (see node-file.ts). */
import { ownClasses } from '../../graph/index.js';
import { languageForPath } from '../../index/languages.js';
import type { EdgeKind } from '../../model.js';
import { FILE_MODE_MAX_LINES, FreshnessProbe, isSecretPath } from '../../project/freshness.js';
import type { ProjectIndex } from '../../project/index-cache.js';
import { similarSymbols } from '../../search/index.js';
import { callTrail, pathsEndingWith } from '../../store/index.js';
import type { GraphStore, StoredNode } from '../../store/index.js';
import type { ToolHandler, ToolOutput } from '../service.js';
import { resolveFile } from './location.js';
import type { FileResolution, IndexedPaths } from './location.js';
import { renderFile } from './node-file.js';
import { count, displaySignature, fence, numberLines, splitLines, truncateOutput } from './text.js';

/** Most entries shown in each of the `Calls ->` and `Called by <-` trails. */
const TRAIL_MAX = 8;
const TRAIL_KINDS: readonly EdgeKind[] = ['calls', 'instantiates'];

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/** Handler of codegraph_node. */
export const nodeHandler: ToolHandler = async (args, index) => {
  const symbol = str(args['symbol']);
  const file = str(args['file']);
  const probe = new FreshnessProbe(index.root, index.store);
  // Straight from the file table: building search's name tables over every symbol is not needed here.
  const symbols = indexedPaths(index.store);
  if (symbol === undefined) {
    if (file === undefined) return { text: 'Error: give symbol (a name, qualified name or node id), file, or both', isError: true };
    const resolved = resolveFile(index.root, symbols, file);
    if (resolved.kind !== 'found') return unresolvedFile(resolved);
    return renderFile(index, probe, {
      path: resolved.path,
      offset: num(args['offset']),
      limit: num(args['limit']),
      start: resolved.start,
      end: resolved.end,
      symbolsOnly: args['symbolsOnly'] === true,
    });
  }
  if (file === undefined && looksLikePath(symbol)) {
    // Agents often pass a path or a pasted location as `symbol`: read the file when one matches.
    const resolved = resolveFile(index.root, symbols, symbol);
    if (resolved.kind === 'found') {
      return renderFile(index, probe, {
        path: resolved.path, offset: num(args['offset']), limit: num(args['limit']),
        start: resolved.start, end: resolved.end, symbolsOnly: args['symbolsOnly'] === true,
      });
    }
  }
  return symbolMode(index, symbols, probe, symbol, file, num(args['line']), args['includeCode'] === true);
};

/** The indexed paths of `store`, looked up per request. */
function indexedPaths(store: GraphStore): IndexedPaths {
  return { has: (path) => store.getFile(path) !== undefined, endingWith: (suffix) => pathsEndingWith(store, suffix) };
}

/** A file path or pasted location (`src/app.ts`, `app.py:42`, `x.ts#L3-L9`) rather than a symbol name. */
function looksLikePath(text: string): boolean {
  if (/[/\\]/.test(text)) return true;
  return languageForPath(text.replace(/(?::\d+(?:-\d+)?|#L\d+(?:-L?\d+)?)$/, '')) !== undefined;
}

function unresolvedFile(r: Exclude<FileResolution, { kind: 'found' }>): ToolOutput {
  switch (r.kind) {
    case 'outside':
      return { text: `Error: ${r.requested} is outside the project; only files under the project root can be read`, isError: true };
    case 'ambiguous':
      return {
        text: `${r.requested} matches ${count(r.candidates.length, 'indexed file')}; pass one of these paths:\n${r.candidates.slice(0, 20).map((c) => `  ${c}`).join('\n')}\n`,
        json: { requested: r.requested, candidates: r.candidates },
      };
    case 'missing':
      return {
        text: `No indexed file matches ${r.requested}. List indexed files with codegraph_files, or run \`codegraph sync\` if it is new.\n`,
        json: { requested: r.requested, found: false },
      };
  }
}

/** Definitions named by `symbol`: a node id, a qualified name, or a name (exact case first). */
function lookup(index: ProjectIndex, symbol: string): StoredNode[] {
  const store = index.store;
  if (/^\d+$/.test(symbol)) {
    // A file node id reads the file.
    const node = store.getNode(Number(symbol));
    if (node !== undefined) return [node];
  }
  const dotted = /[.:#]/.test(symbol) ? symbol.replace(/::|#/g, '.').replace(/^\.+|\.+$/g, '') : undefined;
  if (dotted !== undefined && dotted.includes('.')) {
    const qualified = store.nodesByQualifiedName(dotted).filter((n) => n.kind !== 'file');
    if (qualified.length > 0) return qualified;
  }
  const exact = store.nodesByName(symbol).filter((n) => n.kind !== 'file');
  if (exact.length > 0) return withoutOwnConstructors(exact);
  return withoutOwnConstructors(store.nodesByNameIgnoreCase(symbol).filter((n) => n.kind !== 'file'));
}

/** `nodes` without the constructors whose class is among them (`ownClasses`); `String.String` still names them. */
function withoutOwnConstructors(nodes: readonly StoredNode[]): StoredNode[] {
  const classes = ownClasses(nodes);
  return nodes.filter((n) => !classes.has(n.id));
}

function symbolMode(
  index: ProjectIndex, symbols: IndexedPaths, probe: FreshnessProbe, symbol: string, file: string | undefined,
  line: number | undefined, includeCode: boolean,
): ToolOutput {
  let nodes = lookup(index, symbol);
  const only = nodes.length === 1 ? nodes[0] : undefined;
  if (only?.kind === 'file') return renderFile(index, probe, { path: only.path, symbolsOnly: false });
  const notes: string[] = [];
  let fileLine: number | undefined;
  if (file !== undefined && nodes.length > 0) {
    const resolved = resolveFile(index.root, symbols, file);
    if (resolved.kind === 'outside') return unresolvedFile(resolved);
    const wanted = resolved.kind === 'found' ? [resolved.path] : resolved.kind === 'ambiguous' ? resolved.candidates : [];
    if (resolved.kind === 'found') fileLine = resolved.start;
    const inFile = nodes.filter((n) => wanted.includes(n.path));
    if (inFile.length > 0) nodes = inFile;
    else notes.push(`No definition of ${symbol} in ${file}; showing all ${count(nodes.length, 'definition')}.`);
  }
  const pin = line ?? fileLine;
  if (pin !== undefined && nodes.length > 1) {
    const around = nodes.filter((n) => n.startLine <= pin && pin <= n.endLine);
    if (around.length > 0) {
      const span = (n: StoredNode): number => n.endLine - n.startLine;
      const tightest = Math.min(...around.map(span));
      nodes = around.filter((n) => span(n) === tightest);
    } else notes.push(`No definition of ${symbol} spans line ${pin}; showing all ${count(nodes.length, 'definition')}.`);
  }
  if (nodes.length === 0) return notFound(index, symbol);
  const body = nodes.length === 1 && nodes[0] !== undefined
    ? detail(index, probe, nodes[0], includeCode)
    : { text: definitionList(symbol, nodes), json: { symbol, definitions: nodes.map(nodeJson) } };
  const text = `${notes.map((n) => `${n}\n`).join('')}${notes.length > 0 ? '\n' : ''}${body.text}`;
  return { text: probe.withBanner(truncateOutput(text)), json: body.json };
}

function notFound(index: ProjectIndex, symbol: string): ToolOutput {
  const similar = similarSymbols(index.store, symbol, 5);
  const lines = [`No symbol named ${symbol} in the index.`];
  if (similar.length > 0) {
    lines.push('', 'Similar symbols:');
    for (const m of similar) lines.push(`  ${m.node.qualifiedName || m.node.name} (${m.node.kind}) — ${m.node.path}:${m.node.startLine}`);
  }
  lines.push('', 'Use codegraph_search for partial names, or pass file to read a file.');
  return { text: `${lines.join('\n')}\n`, json: { symbol, found: false, similar: similar.map((m) => nodeJson(m.node)) } };
}

function definitionList(symbol: string, nodes: readonly StoredNode[]): string {
  const lines = [`${count(nodes.length, 'definition')} of ${symbol}; pass file (and line) to pick one:`];
  for (const n of nodes.slice(0, 50)) {
    lines.push('');
    lines.push(`${n.qualifiedName || n.name} (${n.kind})`);
    lines.push(`  ${n.path}:${n.startLine}`);
    const signature = displaySignature(n);
    if (signature !== undefined) lines.push(`  ${signature}`);
  }
  if (nodes.length > 50) lines.push('', `… and ${nodes.length - 50} more.`);
  return `${lines.join('\n')}\n`;
}

function nodeJson(n: StoredNode): Record<string, unknown> {
  return {
    id: n.id, name: n.name, qualifiedName: n.qualifiedName, kind: n.kind, path: n.path, line: n.startLine,
    endLine: n.endLine, signature: displaySignature(n, Infinity) ?? null,
    docstring: isSecretPath(n.path) ? null : n.docstring, exported: n.exported,
  };
}

function shortDoc(doc: string | null): string | undefined {
  if (doc === null) return undefined;
  const para = doc.trim().split(/\n\s*\n/)[0]?.replace(/\s+/g, ' ').trim() ?? '';
  if (para === '') return undefined;
  return para.length > 300 ? `${para.slice(0, 299)}…` : para;
}

interface TrailItem {
  readonly node: StoredNode;
  readonly line: number;
}

/** Up to TRAIL_MAX distinct neighbours along call/instantiation edges, and how many there are. */
function trail(index: ProjectIndex, nodeId: number, direction: 'out' | 'in'): { items: TrailItem[]; total: number } {
  const { rows, total } = callTrail(index.store, nodeId, direction, TRAIL_KINDS, TRAIL_MAX);
  const nodes = new Map(index.store.nodesByIds(rows.map((r) => r.id)).map((n) => [n.id, n]));
  const items = rows.flatMap((r) => {
    const node = nodes.get(r.id);
    return node === undefined ? [] : [{ node, line: direction === 'out' ? node.startLine : r.line || node.startLine }];
  });
  return { items, total };
}

function formatTrail(label: string, t: { items: TrailItem[]; total: number }): string | undefined {
  if (t.items.length === 0) return undefined;
  const more = t.total > t.items.length ? ` +${t.total - t.items.length} more` : '';
  return `${label} ${t.items.map((i) => `${i.node.name} (${i.node.path}:${i.line})`).join(', ')}${more}`;
}

function detail(index: ProjectIndex, probe: FreshnessProbe, node: StoredNode, includeCode: boolean): { text: string; json: unknown } {
  const state = probe.check(node.path);
  const language = index.store.getFile(node.path)?.language ?? '';
  const shifted = state === 'drifted' ? ' (possibly shifted: the file changed since the last index sync)' : '';
  const lines = [`${node.qualifiedName || node.name} (${node.kind})`];
  const range = node.endLine > node.startLine ? ` (lines ${node.startLine}-${node.endLine})` : '';
  lines.push(`Location: ${node.path}:${node.startLine}${range}${shifted}`);
  const signature = displaySignature(node, Infinity);
  if (signature !== undefined) lines.push(`Signature: ${signature}`);
  const doc = isSecretPath(node.path) ? undefined : shortDoc(node.docstring);
  if (doc !== undefined) lines.push(doc);
  let code: Record<string, unknown> | null = null;
  if (includeCode) {
    lines.push('');
    const shown = source(probe, node, language, state);
    lines.push(shown.text);
    code = shown.json;
  }
  const calls = trail(index, node.id, 'out');
  const callers = trail(index, node.id, 'in');
  const trails = [formatTrail('Calls ->', calls), formatTrail('Called by <-', callers)].filter((t): t is string => t !== undefined);
  if (trails.length > 0) lines.push('', ...trails);
  const trailJson = (t: { items: TrailItem[]; total: number }): unknown => ({
    total: t.total,
    items: t.items.map((i) => ({ id: i.node.id, name: i.node.name, kind: i.node.kind, path: i.node.path, line: i.line })),
  });
  return {
    text: `${lines.join('\n')}\n`,
    json: { ...nodeJson(node), fresh: state === 'fresh', code, calls: trailJson(calls), calledBy: trailJson(callers) },
  };
}

/** The symbol's numbered source, or the whole current file when its file drifted. */
function source(probe: FreshnessProbe, node: StoredNode, language: string, state: 'fresh' | 'drifted'): { text: string; json: Record<string, unknown> | null } {
  if (isSecretPath(node.path)) return { text: `Source withheld: ${node.path} looks like a secrets file.`, json: null };
  const current = probe.readCurrent(node.path);
  if (current === undefined) return { text: 'Source unavailable: the file cannot be read.', json: null };
  const lines = splitLines(current);
  if (state === 'drifted') {
    if (lines.length > FILE_MODE_MAX_LINES) {
      return {
        text: `Source omitted: the file changed since the last index sync and has more than ${FILE_MODE_MAX_LINES} lines, so it is not sliced at stale line numbers. Run \`codegraph sync\` and ask again.`,
        json: null,
      };
    }
    probe.cite(node.path);
    return {
      text: `The file changed since the last index sync, so stored line numbers may point at the wrong bytes; here is the whole current file:\n\n${fence(language, numberLines(lines, 1))}`,
      json: { start: 1, end: lines.length, wholeFile: true },
    };
  }
  const start = Math.max(1, node.startLine);
  const last = Math.min(lines.length, node.endLine, start + FILE_MODE_MAX_LINES - 1);
  probe.cite(node.path);
  const clipped = node.endLine > last ? `\n(first ${last - start + 1} of ${node.endLine - start + 1} lines; read the rest with file=${node.path} offset=${last + 1})` : '';
  return { text: `${fence(language, numberLines(lines.slice(start - 1, last), start))}${clipped}`, json: { start, end: last, wholeFile: false } };
}
