/**
 * A fenced block inside a Markdown instructions file (AGENTS.md, CLAUDE.md): only the text between
 * the two marker comments is ever written; the rest of the file is the user's.
 */
import type { EditResult } from './jsonc-edit.js';

/** The line that opens the managed block. */
export const BLOCK_START = '<!-- codegraph-wasm:start (managed by `codegraph install`; edits inside are replaced) -->';
/** The line that closes the managed block. */
export const BLOCK_END = '<!-- codegraph-wasm:end -->';

const START_PREFIX = '<!-- codegraph-wasm:start';

/** Where the managed block is: from its start marker to just past the end marker's line. */
export function findBlock(text: string): { start: number; end: number } | undefined {
  const start = text.indexOf(START_PREFIX);
  if (start < 0 || (start > 0 && text[start - 1] !== '\n')) return undefined;
  const close = text.indexOf(BLOCK_END, start);
  if (close < 0) return undefined;
  const after = close + BLOCK_END.length;
  return { start, end: text[after] === '\n' ? after + 1 : after };
}

/** Writes the block with `body`: appended after a blank line when absent, replaced when different. */
export function setBlock(text: string, body: string): EditResult {
  const block = `${BLOCK_START}\n${body.endsWith('\n') ? body : `${body}\n`}${BLOCK_END}\n`;
  const found = findBlock(text);
  if (found === undefined) {
    if (text.includes(START_PREFIX)) throw new Error('has a codegraph start marker without its end marker; fix or remove it by hand');
    const sep = text === '' ? '' : text.endsWith('\n') ? '\n' : '\n\n';
    return { kind: 'changed', text: `${text}${sep}${block}` };
  }
  if (text.slice(found.start, found.end) === block) return { kind: 'unchanged' };
  return { kind: 'changed', text: text.slice(0, found.start) + block + text.slice(found.end) };
}

/** Removes the block; at the end of the file, also the blank line written before it. */
export function removeBlock(text: string): string {
  const found = findBlock(text);
  if (found === undefined) return text;
  const before = text.slice(0, found.start);
  if (found.end < text.length) return before + text.slice(found.end);
  return before.endsWith('\n\n') ? before.slice(0, -1) : before;
}
