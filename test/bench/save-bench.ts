/**
 * `npm run bench -- save --corpus django,jdk`: what saving a one-file edit costs. On a copy of
 * the corpus, indexed, each round appends a function to one file and syncs in this process twice
 * over: once saving the changes to the change log, once writing the image whole
 * (`CODEGRAPH_CHANGE_LOG=0`), alternating which goes first. Reported per kind: the saving phase,
 * the whole sync, and the bytes written; then how long opening the index takes with the log
 * grown by those edits against the image alone (median of 7 opens each).
 */
import { appendFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { indexProject } from '../../src/index/sync/index.js';
import { CHANGE_LOG_FILE, DATABASE_FILE, INDEX_DIR, openSavedDatabase } from '../../src/store/index.js';
import { indexedCopy, sourceFiles } from './corpora.js';
import { ms, percentile } from './stats.js';

/** One kind of save over the rounds. */
interface SaveSamples {
  readonly saveMs: number[];
  readonly syncMs: number[];
  readonly bytes: number[];
}

export interface SaveReport {
  readonly corpus: string;
  readonly target: string;
  readonly imageBytes: number;
  readonly changes: SaveSamples;
  readonly image: SaveSamples;
  /** Saves asked to append that wrote the image whole (the log had passed its share). */
  readonly folded: number;
  readonly logBytesAtEnd: number;
  readonly openWithLogMs: number;
  readonly openImageMs: number;
}

const ROUNDS = Number(process.env['BENCH_RUNS'] ?? 10);

export async function runSaveBench(corpusName: string): Promise<SaveReport> {
  const { spec, root } = await indexedCopy(corpusName, 'save');
  const dir = join(root, INDEX_DIR);
  try {
    // The largest file of the main language: the most rows a one-file edit rewrites.
    const largest = (await sourceFiles(root, spec.probe.extension)).sort((a, b) => b.size - a.size)[0]?.path;
    if (largest === undefined) throw new Error(`no ${spec.probe.extension} file in ${corpusName}`);
    const target = largest.slice(root.length + 1);
    const changes: SaveSamples = { saveMs: [], syncMs: [], bytes: [] };
    const image: SaveSamples = { saveMs: [], syncMs: [], bytes: [] };
    let folded = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const kind of round % 2 === 0 ? (['changes', 'image'] as const) : (['image', 'changes'] as const)) {
        appendFileSync(join(root, target), spec.probe.snippet(`save_${kind}_${round}`));
        const logBefore = fileSize(join(dir, CHANGE_LOG_FILE));
        const imageBefore = statSync(join(dir, DATABASE_FILE));
        if (kind === 'image') process.env['CODEGRAPH_CHANGE_LOG'] = '0';
        const report = await indexProject({ root, mode: 'incremental', command: 'bench' }).finally(() => delete process.env['CODEGRAPH_CHANGE_LOG']);
        const imageAfter = statSync(join(dir, DATABASE_FILE));
        const wroteImage = imageAfter.ino !== imageBefore.ino || imageAfter.mtimeMs !== imageBefore.mtimeMs;
        const samples = kind === 'changes' ? changes : image;
        samples.saveMs.push(report.phaseMs.saving);
        samples.syncMs.push(report.durationMs);
        samples.bytes.push(wroteImage ? imageAfter.size : fileSize(join(dir, CHANGE_LOG_FILE)) - logBefore);
        if (kind === 'changes' && wroteImage) folded += 1;
      }
    }
    // The log as the rounds left it (the last save may have been a whole one): grow it again.
    for (let round = 0; round < ROUNDS; round++) {
      appendFileSync(join(root, target), spec.probe.snippet(`save_tail_${round}`));
      await indexProject({ root, mode: 'incremental', command: 'bench' });
    }
    const logBytesAtEnd = fileSize(join(dir, CHANGE_LOG_FILE));
    const openWithLogMs = await medianOpen(dir);
    renameSync(join(dir, CHANGE_LOG_FILE), join(dir, 'aside'));
    const openImageMs = await medianOpen(dir);
    return { corpus: corpusName, target, imageBytes: statSync(join(dir, DATABASE_FILE)).size, changes, image, folded, logBytesAtEnd, openWithLogMs, openImageMs };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

async function medianOpen(dir: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const started = performance.now();
    const opened = await openSavedDatabase(dir);
    times.push(performance.now() - started);
    opened?.db.close();
  }
  return percentile(times, 50);
}

export function formatSaveReport(r: SaveReport): string {
  const mb = (n: number): string => `${(n / 2 ** 20).toFixed(2)} MB`;
  const line = (label: string, s: SaveSamples): string =>
    `  ${label}: saving p50 ${ms(percentile(s.saveMs, 50))} (max ${ms(Math.max(...s.saveMs))}), sync p50 ${ms(percentile(s.syncMs, 50))}, written p50 ${mb(percentile(s.bytes, 50))}`;
  return [
    `${r.corpus}: ${ROUNDS} one-file edits of ${r.target} each way, image ${mb(r.imageBytes)}`,
    line('change log', r.changes),
    line('whole image', r.image),
    `  appends that wrote the image whole instead (log past its share): ${r.folded} of ${r.changes.saveMs.length}`,
    `  open with a ${mb(r.logBytesAtEnd)} log ${ms(r.openWithLogMs)}, the image alone ${ms(r.openImageMs)} (median of 7)`,
  ].join('\n');
}
