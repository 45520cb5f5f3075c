/**
 * Text-span edits of a JSONC document: set one value at a key path, append an element to an
 * array, remove an item. Only the bytes of the entry itself (plus one comma, when the layout needs
 * it) change; removing what was inserted gives back the original text.
 */
import { member, parseJsonc, plainValue, type JsoncContainer, type JsoncItem, type JsoncNode, type JsonValue } from './jsonc.js';

/** A replacement of `[start, end)` by `text`. */
interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** How new entries are laid out, read from the document. */
export interface Layout {
  /** One level of indentation. */
  readonly unit: string;
  /** Whether the last item of a container is followed by a comma. */
  readonly trailingCommas: boolean;
}

/** An edit's result: the new text, or `unchanged` when the document already says this. */
export type EditResult = { readonly kind: 'changed'; readonly text: string } | { readonly kind: 'unchanged' };

/** Comment lines written after an inserted entry (and removed with it), without indentation. */
export type TrailingLines = readonly string[];

/** Reads the indentation unit and trailing-comma habit of a document. */
export function layoutOf(text: string, root: JsoncNode | undefined): Layout {
  const indents = [...text.matchAll(/\n([ \t]+)\S/g)].map((m) => m[1] ?? '');
  const tab = indents.find((i) => i.startsWith('\t'));
  const spaces = indents.filter((i) => !i.startsWith('\t')).map((i) => i.length);
  const unit = tab !== undefined ? '\t' : ' '.repeat(spaces.length === 0 ? 2 : Math.min(...spaces));
  return { unit, trailingCommas: root !== undefined && hasTrailingComma(root) };
}

function hasTrailingComma(node: JsoncNode): boolean {
  if (node.kind === 'scalar') return false;
  const last = node.items[node.items.length - 1];
  if (last?.comma !== undefined) return true;
  return node.items.some((item) => hasTrailingComma(item.value));
}

/** Renders a value as JSONC text whose first line is at `indent`. Arrays of scalars stay on one line. */
export function renderValue(value: JsonValue, indent: string, layout: Layout): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const inner = indent + layout.unit;
  const comma = layout.trailingCommas ? ',' : '';
  if (Array.isArray(value)) {
    const items = value as readonly JsonValue[];
    if (items.every((v) => v === null || typeof v !== 'object')) return `[${items.map((v) => JSON.stringify(v)).join(', ')}]`;
    return `[\n${items.map((v) => inner + renderValue(v, inner, layout)).join(',\n')}${comma}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, JsonValue>);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${renderValue(v, inner, layout)}`).join(',\n')}${comma}\n${indent}}`;
}

/** Renders `value` nested under the keys of `path`, with `trailing` comment lines after the innermost entry. */
function renderNested(path: readonly string[], value: JsonValue, indent: string, layout: Layout, trailing: TrailingLines): string {
  const [key, ...rest] = path;
  if (key === undefined) return renderValue(value, indent, layout);
  const inner = indent + layout.unit;
  const body = renderNested(rest, value, inner, layout, trailing);
  const comments = rest.length === 0 ? trailingText(trailing, inner) : '';
  return `{\n${inner}${JSON.stringify(key)}: ${body}${layout.trailingCommas ? ',' : ''}${comments}\n${indent}}`;
}

/** Deep equality of plain JSON values (key order ignored). */
export function sameValue(a: JsonValue, b: JsonValue): boolean {
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bs = b as readonly JsonValue[];
    return a.length === bs.length && a.every((v: JsonValue, i: number) => sameValue(v, bs[i] as JsonValue));
  }
  const ao = a as Record<string, JsonValue>;
  const bo = b as Record<string, JsonValue>;
  const keys = Object.keys(ao);
  return keys.length === Object.keys(bo).length && keys.every((k) => k in bo && sameValue(ao[k] as JsonValue, bo[k] as JsonValue));
}

/**
 * Sets the value at `path` (object keys from the root), creating missing objects on the way. A
 * value that is already equal leaves the text unchanged; a different one is replaced in place.
 * The text must parse (callers check first); an empty text becomes a new document.
 */
export function setValue(text: string, path: readonly string[], value: JsonValue, trailing: TrailingLines = []): EditResult {
  const root = parsed(text);
  const layout = layoutOf(text, root);
  if (root === undefined) return { kind: 'changed', text: `${text}${renderNested(path, value, '', layout, trailing)}\n` };
  let node: JsoncNode = root;
  for (let i = 0; i < path.length; i++) {
    const key = path[i] as string;
    if (node.kind !== 'object') throw new Error(`"${path.slice(0, i).join('.')}" is not an object`);
    const found = member(node, key);
    if (found === undefined) return apply(text, insertLast(text, node, key, path.slice(i + 1), value, layout, trailing));
    if (i === path.length - 1) {
      if (sameValue(plainValue(found.value), value)) return { kind: 'unchanged' };
      const indent = lineIndent(text, found.start);
      return apply(text, [{ start: found.value.start, end: found.value.end, text: renderValue(value, indent, layout) }]);
    }
    node = found.value;
  }
  throw new Error('empty path');
}

/** Appends `value` to the array at `container` (found by the caller in the parsed `text`). */
export function appendElement(text: string, container: JsoncContainer, value: JsonValue): EditResult {
  return apply(text, insertLast(text, container, undefined, [], value, layoutOf(text, parsed(text)), []));
}

/** Replaces one item's value in place. */
export function replaceItemValue(text: string, item: JsoncItem, value: JsonValue): EditResult {
  if (sameValue(plainValue(item.value), value)) return { kind: 'unchanged' };
  const layout = layoutOf(text, parsed(text));
  return apply(text, [{ start: item.value.start, end: item.value.end, text: renderValue(value, lineIndent(text, item.start), layout) }]);
}

/**
 * Removes the item at `index` of `container`, with the comment lines in `trailing` that follow it,
 * so that removing an entry `insertLast` wrote gives back the text it was written into.
 */
export function removeItem(text: string, container: JsoncContainer, index: number, trailing: TrailingLines = []): string {
  return applyEdits(text, removal(text, container, index, trailing));
}

function removal(text: string, container: JsoncContainer, index: number, trailing: TrailingLines): Edit[] {
  const item = container.items[index];
  if (item === undefined) return [];
  const own = item.comma === undefined ? item.value.end : item.comma + 1;
  const end = skipTrailingLines(text, own, trailing);
  const next = container.items[index + 1];
  if (next !== undefined) {
    const start = onlySpaceBefore(text, item.start) ? lineStart(text, item.start) : item.start;
    const after = restOfLineBlank(text, end) ? text.indexOf('\n', end) + 1 : nonSpace(text, end);
    return [{ start, end: Math.min(after, next.start), text: '' }];
  }
  const prev = container.items[index - 1];
  if (prev === undefined) {
    const inner = text.slice(container.start + 1, item.start) + text.slice(end, container.end - 1);
    if (inner.trim() === '') return [{ start: container.start + 1, end: container.end - 1, text: '' }];
    return [{ start: item.start, end, text: '' }];
  }
  const sameLine = !text.slice(prev.value.end, item.start).includes('\n');
  if (sameLine) {
    return item.comma === undefined ? [{ start: prev.value.end, end, text: '' }] : [{ start: (prev.comma ?? prev.value.end) + 1, end, text: '' }];
  }
  const newline = lineStart(text, item.start) - 1;
  const edits: Edit[] = [{ start: text[newline - 1] === '\r' ? newline - 1 : newline, end, text: '' }];
  if (item.comma === undefined && prev.comma !== undefined) edits.push({ start: prev.comma, end: prev.comma + 1, text: '' });
  return edits;
}

/** `insertEntry` with the file's own line ending in what it inserts. */
function insertLast(text: string, container: JsoncContainer, key: string | undefined, rest: readonly string[], value: JsonValue, layout: Layout, trailing: TrailingLines): Edit[] {
  const edits = insertEntry(text, container, key, rest, value, layout, trailing);
  return text.includes('\r\n') ? edits.map((e) => ({ ...e, text: e.text.replace(/\n/g, '\r\n') })) : edits;
}

/**
 * Edits that add `key` (an element when undefined) as the container's last item. Its value is
 * `value` nested under the keys of `rest`; `trailing` comment lines follow the innermost entry.
 */
function insertEntry(text: string, container: JsoncContainer, key: string | undefined, rest: readonly string[], value: JsonValue, layout: Layout, trailing: TrailingLines): Edit[] {
  const innermost = rest.length === 0 ? trailing : [];
  const last = container.items[container.items.length - 1];
  const head = key === undefined ? '' : `${JSON.stringify(key)}: `;
  if (last === undefined) {
    const outer = lineIndent(text, container.start);
    const indent = outer + layout.unit;
    const body = `${indent}${head}${renderNested(rest, value, indent, layout, trailing)}${layout.trailingCommas ? ',' : ''}${trailingText(innermost, indent)}`;
    const inner = text.slice(container.start + 1, container.end - 1);
    if (inner.trim() === '') return [{ start: container.start + 1, end: container.end - 1, text: `\n${body}\n${outer}` }];
    return [{ start: container.start + 1, end: container.start + 1, text: `\n${body}` }];
  }
  const lastEnd = last.comma === undefined ? last.value.end : last.comma + 1;
  const close = container.end - 1;
  if (!text.slice(container.start, close).includes('\n') || !restOfLineBlank(text, lastEnd, close)) {
    const inline = `${head}${JSON.stringify(nest(rest, value))}`;
    if (last.comma !== undefined) return [{ start: lastEnd, end: lastEnd, text: ` ${inline},` }];
    return [{ start: last.value.end, end: last.value.end, text: `, ${inline}` }];
  }
  const indent = lineIndent(text, last.start);
  const at = lineEnd(text, lastEnd);
  const entry = `\n${indent}${head}${renderNested(rest, value, indent, layout, trailing)}`;
  if (last.comma !== undefined) return [{ start: at, end: at, text: `${entry},${trailingText(innermost, indent)}` }];
  return [
    { start: last.value.end, end: last.value.end, text: ',' },
    { start: at, end: at, text: `${entry}${trailingText(innermost, indent)}` },
  ];
}

function trailingText(lines: TrailingLines, indent: string): string {
  return lines.map((line) => `\n${indent}${line}`).join('');
}

/** Past the comment lines `lines` when they follow `pos` exactly (each on its own line). */
function skipTrailingLines(text: string, pos: number, lines: TrailingLines): number {
  let at = pos;
  for (const line of lines) {
    const m = /^\r?\n[ \t]*/.exec(text.slice(at, at + 200));
    if (m === null || !text.startsWith(line, at + m[0].length)) return pos;
    at += m[0].length + line.length;
  }
  return at;
}

function nest(path: readonly string[], value: JsonValue): JsonValue {
  return path.reduceRight<JsonValue>((inner, key) => ({ [key]: inner }), value);
}

function parsed(text: string): JsoncNode | undefined {
  const result = parseJsonc(text);
  if (result.kind === 'invalid') throw new Error(`line ${result.line}: ${result.message}`);
  return result.root;
}

function apply(text: string, edits: readonly Edit[]): EditResult {
  return edits.length === 0 ? { kind: 'unchanged' } : { kind: 'changed', text: applyEdits(text, edits) };
}

function applyEdits(text: string, edits: readonly Edit[]): string {
  let out = text;
  // From the end backwards; of two insertions at one offset, the one listed first ends up first.
  const order = edits.map((e, i) => ({ e, i })).sort((a, b) => b.e.start - a.e.start || b.i - a.i);
  for (const { e } of order) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

function lineStart(text: string, pos: number): number {
  return text.lastIndexOf('\n', pos - 1) + 1;
}

function lineEnd(text: string, pos: number): number {
  const nl = text.indexOf('\n', pos);
  return nl < 0 ? text.length : text[nl - 1] === '\r' ? nl - 1 : nl;
}

function lineIndent(text: string, pos: number): string {
  return /^[ \t]*/.exec(text.slice(lineStart(text, pos)))?.[0] ?? '';
}

function onlySpaceBefore(text: string, pos: number): boolean {
  return text.slice(lineStart(text, pos), pos).trim() === '';
}

/** Whether the rest of the line from `pos` is blank or a `//` comment, and ends before `limit`. */
function restOfLineBlank(text: string, pos: number, limit = Number.POSITIVE_INFINITY): boolean {
  const end = lineEnd(text, pos);
  if (end >= limit) return false;
  const rest = text.slice(pos, end).trim();
  return rest === '' || rest.startsWith('//');
}

function nonSpace(text: string, pos: number): number {
  const m = /\S/.exec(text.slice(pos));
  return m === null ? text.length : pos + m.index;
}
