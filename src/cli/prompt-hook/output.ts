/**
 * What the prompt hook prints: explore's answer under a one-line heading, capped in UTF-8 bytes
 * below Claude Code's inline limit, or a short hint naming symbols the prompt's words match.
 */
import type { HintSymbol } from '../../tools/prompt/prompt-context.js';

/** The most the hook prints: headroom under Claude Code's 10,000-byte inline context limit. */
export const MAX_OUTPUT_BYTES = 9000;


/** Explore's answer as injected context. */
export function exploreContext(text: string): string {
  return `CodeGraph context for this prompt (codegraph_explore; source is the current file content):\n\n${text.endsWith('\n') ? text : `${text}\n`}`;
}

/** A short pointer to symbols the prompt's plain words match; it never carries source. */
export function symbolHint(symbols: readonly HintSymbol[]): string {
  const list = symbols.map((s) => `- \`${s.name}\` (${s.kind}, ${s.path}:${s.line})`).join('\n');
  return `CodeGraph: words in this prompt match these indexed symbols:\n${list}\nIf they are what the task is about, call codegraph_explore with the relevant names to see their source and callers.\n`;
}

const CUT_NOTE = '\n… (CodeGraph context cut at 9,000 bytes; call codegraph_explore with a narrower query for the rest)\n';

/** Cuts text to MAX_OUTPUT_BYTES at a line boundary, closing an open code fence and saying so. */
export function capBytes(text: string, limit = MAX_OUTPUT_BYTES): string {
  if (Buffer.byteLength(text, 'utf8') <= limit) return text;
  const budget = limit - Buffer.byteLength(CUT_NOTE, 'utf8') - 4;
  const lines = text.split('\n');
  let kept = '';
  let bytes = 0;
  for (const line of lines) {
    const size = Buffer.byteLength(line, 'utf8') + 1;
    if (bytes + size > budget) break;
    kept += `${line}\n`;
    bytes += size;
  }
  const fences = kept.split('\n').filter((l) => l.startsWith('```')).length;
  return `${kept}${fences % 2 === 1 ? '```\n' : ''}${CUT_NOTE.slice(1)}`;
}
