/**
 * The definition census (`npm run eval -- --census`): per language, on the evaluation's real
 * packages, the share of definitions that census-patterns.json's regexes find which our index
 * has as a symbol of the same name whose first line is the header's line (±1), or which spans the
 * header from at most five lines above it (decorators, annotations and attributes start a symbol
 * early) or from a same-named header the census found (overloads, see `indexed`). The goal is
 * 0.97 for each of the twelve languages.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describeExit, run, tail } from '../bench/proc.js';
import { CENSUS_LANGUAGES, EVAL_CORPORA, prepareEvalCorpus } from './corpora.js';
import { loadRules, scanCorpus, type CensusDefinition } from './census-scan.js';
import { lastPart } from './rows.js';
import { EVAL_ROOT, log, OUR_CLI_PATH, setupSide } from './sides.js';

/** The census's goal per language. */
export const CENSUS_GOAL = 0.97;

interface IndexedSymbol {
  readonly start: number;
  readonly end: number;
  readonly names: readonly string[];
}

/** One language's census over its corpora. */
interface LanguageCensus {
  readonly language: string;
  readonly corpora: readonly string[];
  readonly definitions: number;
  readonly found: number;
  readonly missed: readonly CensusDefinition[];
  readonly error?: string;
}

/** A node of `codegraph export`'s node-link JSON, as the censuses read it. */
export interface ExportedNode {
  readonly label: string;
  readonly qualified_name: string;
  readonly kind: string;
  readonly source_file: string;
  readonly start_line: number;
  readonly end_line: number;
}

/** Every node of our index of `dir`, through `codegraph export` (written to a scratch file named after `label`). */
export async function exportedNodes(dir: string, label: string): Promise<ExportedNode[]> {
  const out = join(EVAL_ROOT, `${label}-export.json`);
  await mkdir(dirname(out), { recursive: true });
  const result = await run(process.execPath, [OUR_CLI_PATH, 'export', '--no-centrality', '--out', out, '-p', dir], { timeoutMs: 1_800_000 });
  if (result.code !== 0) throw new Error(`export ${describeExit(result)}: ${tail(result.stderr)}`);
  const graph = JSON.parse(await readFile(out, 'utf8')) as { nodes: ExportedNode[] };
  await rm(out, { force: true });
  return graph.nodes;
}

/** Our index's symbols by file. */
async function indexedSymbols(dir: string): Promise<Map<string, IndexedSymbol[]>> {
  const byFile = new Map<string, IndexedSymbol[]>();
  for (const n of await exportedNodes(dir, 'census')) {
    if (n.kind === 'file') continue;
    const list = byFile.get(n.source_file) ?? [];
    list.push({ start: n.start_line, end: n.end_line, names: [lastPart(n.label), lastPart(n.qualified_name)] });
    byFile.set(n.source_file, list);
  }
  return byFile;
}

/**
 * Whether the index has `def`: a same-named symbol starting at its line (±1), or spanning it from
 * at most five lines above, or from a same-named definition the census found above it (a
 * TypeScript function's overload signatures and implementation are one symbol from the first).
 */
function indexed(def: CensusDefinition, symbols: Map<string, IndexedSymbol[]>, headers: ReadonlySet<string>): boolean {
  const name = lastPart(def.name);
  const headerAt = (line: number): boolean => headers.has(`${def.file}:${line}:${name}`);
  return (symbols.get(def.file) ?? []).some(
    (s) => s.names.includes(name) && (Math.abs(s.start - def.line) <= 1 || (s.start < def.line && s.end >= def.line && (s.start >= def.line - 5 || headerAt(s.start)))),
  );
}

async function censusOfLanguage(language: string, reuse: boolean): Promise<LanguageCensus> {
  const rules = loadRules().get(language);
  const corpora = EVAL_CORPORA.filter((c) => c.language === language).map((c) => c.name);
  if (rules === undefined || corpora.length === 0) return { language, corpora, definitions: 0, found: 0, missed: [], error: rules === undefined ? 'no rules' : 'no corpus' };
  let definitions = 0;
  let found = 0;
  const missed: CensusDefinition[] = [];
  for (const name of corpora) {
    const source = await prepareEvalCorpus(name);
    const setup = await setupSide('ours', name, source, reuse, undefined);
    if (setup.error !== undefined) return { language, corpora, definitions, found, missed, error: `${name}: ${setup.error}` };
    const symbols = await indexedSymbols(setup.dir);
    const defs = await scanCorpus(source, rules);
    const headers = new Set(defs.map((d) => `${d.file}:${d.line}:${lastPart(d.name)}`));
    for (const def of defs) {
      definitions++;
      if (indexed(def, symbols, headers)) found++;
      else missed.push({ ...def, file: `${name}/${def.file}` });
    }
    log(`census ${language}/${name}: ${found}/${definitions} so far`);
  }
  return { language, corpora, definitions, found, missed };
}

function censusReport(results: readonly LanguageCensus[]): string {
  const lines = [`Definition census (goal ${CENSUS_GOAL} per language): definitions the regexes find / those the index has`, ''];
  for (const r of results) {
    const share = r.definitions === 0 ? 'n/a' : (r.found / r.definitions).toFixed(3);
    const mark = r.definitions > 0 && r.found / r.definitions >= CENSUS_GOAL ? '' : '  below goal';
    lines.push(`${r.language.padEnd(11)} ${share.padStart(6)}  ${String(r.found).padStart(6)} / ${String(r.definitions).padEnd(6)} ${r.error ?? r.corpora.join(', ')}${r.error === undefined ? mark : ''}`);
  }
  lines.push('', 'First misses per language:');
  for (const r of results) {
    for (const m of r.missed.slice(0, 4)) lines.push(`  ${r.language.padEnd(11)} ${m.file}:${m.line} ${m.name} (${m.what})`);
  }
  return lines.join('\n');
}

/** Runs the census over every language (or `languages`), prints the report and writes the full results to `out`. */
export async function runCensus(out: string, reuse: boolean, languages?: readonly string[]): Promise<number> {
  const unknown = (languages ?? []).filter((l) => !(CENSUS_LANGUAGES as readonly string[]).includes(l));
  if (unknown.length > 0) throw new Error(`no census for ${unknown.join(', ')} (known: ${CENSUS_LANGUAGES.join(', ')})`);
  const results: LanguageCensus[] = [];
  for (const language of CENSUS_LANGUAGES.filter((l) => languages === undefined || languages.includes(l))) results.push(await censusOfLanguage(language, reuse));
  process.stdout.write(`${censusReport(results)}\n`);
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify({ goal: CENSUS_GOAL, languages: results.map((r) => ({ ...r, missed: r.missed.slice(0, 500) })) }, null, 2)}\n`);
  process.stdout.write(`\nfull results: ${out}\n`);
  return 0;
}
