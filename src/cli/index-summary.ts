/**
 * The closing text of an indexing run (`init`, `index`, `sync`), shared by the run in this process
 * and the sync a daemon makes on request; kept apart from the indexer so printing a daemon's
 * answer loads nothing heavy.
 */
import { includeAdvice, outweighingIndex, type SkippedOutput } from '../index/scan/index.js';
import type { IndexSummary } from '../index/sync/index.js';

/** How a summary is printed. */
export interface SummaryOptions {
  readonly quiet: boolean;
  readonly json: boolean;
}

/** Prints a run's summary (or its JSON) and the warning when nothing was indexed; returns the exit code. */
export function printSummary(root: string, summary: IndexSummary, options: SummaryOptions): number {
  if (summary.files === 0) {
    process.stderr.write(
      `codegraph: nothing was indexed in ${root}: no file of a supported language was found outside ignored paths.\n` +
        'If .gitignore hides the sources (a top-level `/*` or `.*` rule, as some source packages add), set\n' +
        '"respectGitignore": false in .codegraph/config.json; check "include" and "exclude" there too.\n',
    );
  }
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ root, ...summary })}\n`);
  } else if (!options.quiet) {
    process.stdout.write(formatSummary(root, summary));
  }
  return 0;
}

/** The closing summary of an indexing run. */
export function formatSummary(root: string, s: IndexSummary): string {
  const languages = Object.entries(s.filesByLanguage).sort((a, b) => b[1] - a[1]).map(([l, n]) => `${l} ${n}`).join(', ');
  const lines = [
    `Indexed ${root}`,
    `  files: ${s.files} (${s.parsed} parsed, ${s.unchanged} unchanged, ${s.removed} removed)`,
    `  symbols: ${s.nodes}   edges: ${s.edges}   references: ${s.refs} (${s.unresolvedRefs} unresolved)`,
    `  languages: ${languages || 'none'}`,
    `  diagnostics: ${s.diagnostics}${s.diagnostics > 0 ? ' (see `codegraph status`)' : ''}`,
    `  database: ${formatBytes(s.databaseBytes)}   time: ${(s.durationMs / 1000).toFixed(2)} s (${Object.entries(s.phaseMs).map(([k, v]) => `${k} ${(v / 1000).toFixed(2)}`).join(', ')})`,
  ];
  if (s.rebuiltBecause !== undefined) lines.push(`  full rebuild: ${s.rebuiltBecause}`);
  return `${lines.join('\n')}\n`;
}

/**
 * A note for each skipped build-output folder that holds more than twice as many source files as
 * were indexed: then it is likely the code itself (a published package), not a copy of it. With
 * include globs already set, the folder's glob is added to them rather than everything admitted.
 */
export function skippedOutputNote(indexedFiles: number, skipped: readonly SkippedOutput[], hasInclude: boolean): string {
  return outweighingIndex(skipped, indexedFiles)
    .map((s) =>
      `codegraph: note: ${s.folder}/ holds ${s.sourceFiles}${s.capped ? '+' : ''} source files that were not indexed ` +
        `(${s.folder}/ is skipped as build output) against ${indexedFiles} indexed.\n` +
        `If it is this project's code, as in a published package, ${includeAdvice(s.folder, hasInclude)} and run \`codegraph init\` again.\n`,
    )
    .join('');
}

function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
