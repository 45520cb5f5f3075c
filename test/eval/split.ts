/**
 * The tuning/held-out split of the question corpora, read from split.json (made once, by corpus;
 * README.md names the commit). Ranking and extraction work looks only at the tuning half.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One half of the split. */
export type Half = 'tuning' | 'held-out';

/** Both halves, in report order. */
export const HALVES: readonly Half[] = ['tuning', 'held-out'];

/** The split as stored: the corpus names of each half. */
export type Split = Readonly<Record<Half, readonly string[]>>;

/** The file holding the split, in the source tree (the compiled module sits in dist/test/eval/). */
export function splitFile(): string {
  return join(import.meta.dirname, '..', '..', '..', 'test', 'eval', 'split.json');
}

/** Reads and checks the split: two arrays of corpus names, no name in both. */
export function loadSplit(file = splitFile()): Split {
  const raw: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof raw !== 'object' || raw === null) throw new Error(`${file}: not an object`);
  const record = raw as Record<string, unknown>;
  const half = (name: Half): string[] => {
    const list = record[name];
    if (!Array.isArray(list) || !list.every((c): c is string => typeof c === 'string')) throw new Error(`${file}: ${name} must be an array of corpus names`);
    return list;
  };
  const split = { tuning: half('tuning'), 'held-out': half('held-out') };
  const both = split.tuning.filter((c) => split['held-out'].includes(c));
  if (both.length > 0) throw new Error(`${file}: ${both.join(', ')} in both halves`);
  return split;
}

/** The half `corpus` belongs to, or undefined when the split does not list it. */
export function halfOf(split: Split, corpus: string): Half | undefined {
  return HALVES.find((h) => split[h].includes(corpus));
}
