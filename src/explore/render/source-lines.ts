/** Formatting of numbered source: fences, language tags, line clipping and gap markers. */

/** Lines longer than this are clipped (minified code would otherwise eat the budget). */
export const MAX_LINE_CHARS = 400;
/** Marker between two non-adjacent clusters of one file. */
export const GAP = '... (gap) ...';

const TAGS: Readonly<Record<string, string>> = { c_sharp: 'csharp', objc: 'objectivec', tsx: 'tsx', bash: 'bash' };

/** The fence language tag for an indexed language id. */
export function languageTag(language: string): string {
  return TAGS[language] ?? language;
}

/** One source line as `n<TAB>text`, clipped. */
export function numbered(n: number, text: string): string {
  const clipped = text.length > MAX_LINE_CHARS ? `${text.slice(0, MAX_LINE_CHARS)} …` : text;
  return `${n}\t${clipped}`;
}

/** `text` as lines, without the empty line after a final newline. */
export function sourceLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Contiguous runs of the selected line numbers, ascending. */
export function runsOf(selected: Iterable<number>): [number, number][] {
  const sorted = [...new Set(selected)].sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const n of sorted) {
    const last = runs[runs.length - 1];
    if (last !== undefined && n === last[1] + 1) last[1] = n;
    else runs.push([n, n]);
  }
  return runs;
}

/** A fenced block of the given runs, with a gap marker between runs. */
export function fencedRuns(lines: readonly string[], runs: readonly (readonly [number, number])[], language: string): string {
  const body: string[] = [];
  runs.forEach(([start, end], i) => {
    if (i > 0) body.push(GAP);
    for (let n = start; n <= end; n++) body.push(numbered(n, lines[n - 1] ?? ''));
  });
  const text = body.join('\n');
  const ticks = text.includes('```') ? '````' : '```';
  return `${ticks}${languageTag(language)}\n${text}\n${ticks}`;
}

/** `a-b, c-d` for runs. */
export function describeRuns(runs: readonly (readonly [number, number])[]): string {
  return runs.map(([s, e]) => (s === e ? `${s}` : `${s}-${e}`)).join(', ');
}
