/** Text helpers shared by the lookup tools: output cap, numbered source, counted nouns, signatures. */
import { trimEndWhile } from '../../index/extract/trim.js';
import { isSecretPath } from '../../project/freshness.js';

/** Largest text a lookup tool returns; longer output is cut at a line boundary with a note. */
export const MAX_OUTPUT_CHARS = 30_000;

/**
 * `text` unchanged when it fits in `max` characters; otherwise cut after the last whole line that
 * fits, followed by `… output truncated (N more lines)` and an optional hint.
 */
export function truncateOutput(text: string, max = MAX_OUTPUT_CHARS, hint = ''): string {
  if (text.length <= max) return text;
  // Leave room for the note itself so the result stays under the cap.
  const room = Math.max(0, max - 200 - hint.length);
  let cut = text.lastIndexOf('\n', room);
  if (cut <= 0) cut = room;
  const rest = trimEndWhile(text.slice(cut + 1), (ch) => ch === '\n');
  const more = rest === '' ? 0 : rest.split('\n').length;
  return `${text.slice(0, cut)}\n… output truncated (${more} more lines)${hint === '' ? '' : `. ${hint}`}\n`;
}

/** Lines as `n<TAB>text`, numbered from `first`. */
export function numberLines(lines: readonly string[], first: number): string {
  return lines.map((line, i) => `${first + i}\t${line}`).join('\n');
}

/** `text` split into lines, without the empty line after a final newline; `\r\n` tolerated. */
export function splitLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** A fenced code block tagged with the language id. */
export function fence(language: string, body: string): string {
  const ticks = body.includes('```') ? '````' : '```';
  return `${ticks}${language}\n${body}\n${ticks}`;
}

/** `1 file`, `3 files`. */
export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

/** A node's signature on one line, or undefined when it has none or lives in a secret file (signatures are source too). */
export function displaySignature(node: { readonly path: string; readonly signature: string | null }, max = 200): string | undefined {
  if (node.signature === null || node.signature === '' || isSecretPath(node.path)) return undefined;
  const flat = node.signature.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
