/**
 * `node dist/test/bench/c-report.js ROOT [ROOT…]`: per language of each indexed project, the share
 * of files the parser reported errors in and the number of definitions whose parent is another
 * function or method. C and C++ have no nested functions, so for them that count must be 0: a
 * non-zero count means a definition after a parse error was filed inside the function before it.
 */
import { join } from 'node:path';
import { NODE_KINDS } from '../../src/model.js';
import { connectionOf } from '../../src/store/graph-reader.js';
import { GraphStore, INDEX_DIR, loadDatabase, SqliteDb } from '../../src/store/index.js';
import { isBenchEntry } from './stats.js';

/** One language's figures in one project. */
export interface LanguageHealth {
  readonly language: string;
  readonly files: number;
  readonly filesWithErrors: number;
  /** Functions and methods whose parent is a function or method. */
  readonly nestedInFunctions: number;
  /** Definitions of any kind whose parent is a function or method (locals a language keeps, too). */
  readonly anyInFunctions: number;
}

const FUNCTION_CODES = ['function', 'method'].map((k) => NODE_KINDS.indexOf(k as (typeof NODE_KINDS)[number]));

/** The figures of the index in `root`. */
export async function languageHealth(root: string): Promise<LanguageHealth[]> {
  const loaded = await loadDatabase(join(root, INDEX_DIR));
  if (loaded === undefined) throw new Error(`no index in ${root}: run codegraph init there first`);
  const store = GraphStore.open(await SqliteDb.open(loaded.bytes));
  try {
    const db = connectionOf(store);
    const rows = new Map<string, { files: number; filesWithErrors: number; nestedInFunctions: number; anyInFunctions: number }>();
    db.each('SELECT language, count(*), sum(parse_errors > 0) FROM files GROUP BY language', [], ([language, files, errors]) => {
      rows.set(String(language), { files: Number(files), filesWithErrors: Number(errors), nestedInFunctions: 0, anyInFunctions: 0 });
    });
    db.each(
      `SELECT f.language, sum(n.kind IN (${FUNCTION_CODES.join(',')})), count(*) FROM nodes n JOIN nodes p ON p.id = n.parent_id
       JOIN files f ON f.id = n.file_id WHERE p.kind IN (${FUNCTION_CODES.join(',')}) GROUP BY f.language`,
      [],
      ([language, nested, any]) => {
        const row = rows.get(String(language));
        if (row === undefined) return;
        row.nestedInFunctions = Number(nested);
        row.anyInFunctions = Number(any);
      },
    );
    return [...rows].map(([language, r]) => ({ language, ...r })).sort((a, b) => b.files - a.files);
  } finally {
    store.close();
  }
}

/** The report lines of one project. */
export function formatHealth(root: string, rows: readonly LanguageHealth[]): string {
  const lines = [root, '  language       files   with parse errors     functions in functions   any definition in a function'];
  for (const r of rows) {
    const share = r.files === 0 ? 0 : (100 * r.filesWithErrors) / r.files;
    lines.push(`  ${r.language.padEnd(12)} ${String(r.files).padStart(7)}   ${String(r.filesWithErrors).padStart(7)} (${share.toFixed(1).padStart(5)}%)   ${String(r.nestedInFunctions).padStart(9)}              ${String(r.anyInFunctions).padStart(9)}`);
  }
  return `${lines.join('\n')}\n`;
}

if (isBenchEntry(import.meta.url)) {
  for (const root of process.argv.slice(2)) process.stdout.write(formatHealth(root, await languageHealth(root)));
}
