/**
 * Edits one table of a TOML file (`[mcp_servers.codegraph]`) as a block of lines, leaving the rest
 * of the file byte for byte. Only a light structural check is made: enough to refuse a file that
 * is not TOML instead of appending to it.
 */
import type { EditResult } from './jsonc-edit.js';

/** The outcome of the structural check. */
export type TomlCheck = { readonly kind: 'ok' } | { readonly kind: 'invalid'; readonly line: number; readonly message: string };

/** A TOML value this editor writes. */
export type TomlValue = string | boolean | readonly string[] | Readonly<Record<string, string>>;

const KEY = String.raw`(?:[A-Za-z0-9_-]+|"[^"\n]*"|'[^'\n]*')`;
const KEY_LINE = new RegExp(String.raw`^\s*${KEY}(?:\s*\.\s*${KEY})*\s*=\s*(\S.*)$`);
const HEADER = new RegExp(String.raw`^\s*\[\[?\s*${KEY}(?:\s*\.\s*${KEY})*\s*\]\]?\s*(?:#.*)?$`);

/** Checks that every line is a comment, a table header or `key = value` (values may span lines). */
export function checkToml(text: string): TomlCheck {
  const lines = text.split('\n');
  let depth = 0;
  let multiline: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? '').replace(/\r$/, '');
    if (multiline !== undefined) {
      if (line.includes(multiline)) multiline = undefined;
      continue;
    }
    let value = line;
    if (depth === 0) {
      const trimmed = line.trim();
      if (trimmed === '' || trimmed.startsWith('#')) continue;
      if (trimmed.startsWith('[')) {
        if (!HEADER.test(line)) return { kind: 'invalid', line: i + 1, message: 'malformed table header' };
        continue;
      }
      const m = KEY_LINE.exec(line);
      if (m === null) return { kind: 'invalid', line: i + 1, message: 'expected `key = value`' };
      value = m[1] ?? '';
    }
    const triple = /"""|'''/.exec(value);
    if (triple !== null && value.split(triple[0]).length === 2) {
      multiline = triple[0];
      continue;
    }
    depth += bracketBalance(value);
    if (depth < 0) return { kind: 'invalid', line: i + 1, message: 'unbalanced brackets' };
  }
  if (multiline !== undefined) return { kind: 'invalid', line: lines.length, message: 'unterminated multi-line string' };
  if (depth !== 0) return { kind: 'invalid', line: lines.length, message: 'unclosed array or inline table' };
  return { kind: 'ok' };
}

function bracketBalance(value: string): number {
  let balance = 0;
  let quote: string | undefined;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (quote !== undefined) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#') break;
    else if (c === '[' || c === '{') balance++;
    else if (c === ']' || c === '}') balance--;
  }
  return balance;
}

/** Where table `name` is: its header line to the next unrelated header (or the end). */
export function findTable(text: string, name: string): { start: number; contentEnd: number; end: number } | undefined {
  const lines = lineStarts(text);
  let start: number | undefined;
  for (const at of lines) {
    const header = headerName(text, at);
    if (header === undefined) continue;
    if (start === undefined) {
      if (header === name) start = at;
    } else if (header !== name && !header.startsWith(`${name}.`)) {
      return { start, contentEnd: contentEnd(text, start, at), end: at };
    }
  }
  return start === undefined ? undefined : { start, contentEnd: contentEnd(text, start, text.length), end: text.length };
}

/** Whether `name` (dotted) is also defined outside its own table header, which this editor will not merge. */
export function definedElsewhere(text: string, name: string): boolean {
  const [parent, child] = splitLast(name);
  if (new RegExp(String.raw`^\s*${escape(name)}\s*[.=]`, 'm').test(text)) return true;
  const parentTable = parent === undefined ? undefined : findTable(text, parent);
  if (parentTable === undefined || child === undefined) return false;
  const body = text.slice(parentTable.start, parentTable.end).split('\n').slice(1);
  return body.some((line) => new RegExp(String.raw`^\s*"?${escape(child)}"?\s*[.=]`).test(line));
}

/** Writes table `name` with these entries: appended when absent, replaced when different. */
export function setTable(text: string, name: string, entries: Readonly<Record<string, TomlValue>>): EditResult {
  const block = `[${name}]\n${Object.entries(entries).map(([k, v]) => `${k} = ${tomlValue(v)}\n`).join('')}`;
  const found = findTable(text, name);
  if (found === undefined) {
    const sep = text === '' ? '' : text.endsWith('\n') ? '\n' : '\n\n';
    return { kind: 'changed', text: `${text}${sep}${block}` };
  }
  const current = text.slice(found.start, found.contentEnd);
  if (normalize(current) === normalize(block)) return { kind: 'unchanged' };
  return { kind: 'changed', text: text.slice(0, found.start) + block + text.slice(found.contentEnd) };
}

/** Removes table `name` (and its sub-tables); at the end of the file, also the blank line before it. */
export function removeTable(text: string, name: string): string {
  const found = findTable(text, name);
  if (found === undefined) return text;
  const before = text.slice(0, found.start);
  if (found.end < text.length) return before + text.slice(found.end);
  return before.endsWith('\n\n') ? before.slice(0, -1) : before;
}

/** A value in TOML syntax. */
export function tomlValue(value: TomlValue): string {
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${(value as readonly string[]).map((v) => JSON.stringify(v)).join(', ')}]`;
  const entries = Object.entries(value as Record<string, string>);
  return entries.length === 0 ? '{}' : `{ ${entries.map(([k, v]) => `${k} = ${JSON.stringify(v)}`).join(', ')} }`;
}

function normalize(block: string): string {
  return block
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .join('\n');
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0 && i + 1 < text.length; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function headerName(text: string, at: number): string | undefined {
  const end = text.indexOf('\n', at);
  const line = text.slice(at, end < 0 ? text.length : end);
  if (!HEADER.test(line)) return undefined;
  return line.trim().replace(/#.*$/, '').trim().replace(/^\[\[?|\]\]?$/g, '').split('.').map((p) => p.trim().replace(/^["']|["']$/g, '')).join('.');
}

/** End of a block's last non-blank line (with its newline), so blank lines before the next table stay. */
function contentEnd(text: string, start: number, end: number): number {
  const block = text.slice(start, end);
  const trimmed = block.replace(/\s+$/, '');
  const nl = block.indexOf('\n', trimmed.length);
  return start + (nl < 0 ? block.length : nl + 1);
}

function splitLast(name: string): [string | undefined, string | undefined] {
  const i = name.lastIndexOf('.');
  return i < 0 ? [undefined, name] : [name.slice(0, i), name.slice(i + 1)];
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
