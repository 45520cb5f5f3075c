/**
 * The search ranker on a real index, in-process: latency per kind of query (exact names, name
 * prefixes, identifier bags, prose questions from the evaluation's question file of the same
 * corpus when there is one), wall and CPU time, p50 and p99; the first search of a freshly opened
 * index (nothing built per process, so it costs what later ones cost); the name-lookup check
 * (`typeLookups`); and what the search tables add to the database, against the same graph with
 * the previous schema's search index.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { indexProject } from '../../src/index/sync/index.js';
import type { NodeKind } from '../../src/model.js';
import { IndexCache, type ProjectIndex } from '../../src/project/index-cache.js';
import { searchSymbols } from '../../src/search/index.js';
import { SqliteDb } from '../../src/store/sqlite.js';
import { eachIndexedFile, eachSymbolName } from '../../src/store/index.js';
import { qualifiedNameOf, registerSchemaFunctions } from '../../src/store/schema.js';
import { loadQuestionSets } from '../eval/questions.js';
import { findCorpus, prepareCorpus } from './corpora.js';
import { ms, percentile } from './stats.js';
import { sampleNames } from './query-bench.js';

/** Latency of one kind of query. */
export interface KindLatency {
  readonly kind: string;
  readonly calls: number;
  readonly p50: number;
  readonly p99: number;
  readonly cpuP50: number;
  readonly cpuP99: number;
}

/** What the search benchmark measured on one corpus. */
export interface SearchReport {
  readonly corpus: string;
  readonly nodes: number;
  readonly kinds: readonly KindLatency[];
  readonly all: KindLatency;
  readonly openMs: number;
  readonly firstSearchMs: number;
  /** The saved file's size. */
  readonly savedBytes: number;
  /** The database vacuumed. */
  readonly databaseBytes: number;
  /** The same graph vacuumed, with the previous schema's search index (four columns, simple tokenizer, no uses). */
  readonly previousBytes: number;
  /** Type names (see `typeLookups`) searched by name, and how many answered with that type first. */
  readonly typeLookups: { readonly found: number; readonly total: number };
}

/** Rounds over each query list: the first warms the page cache, the rest are measured. */
const ROUNDS = 3;

/** The query lists by kind: names, their prefixes, bags of three names, and the eval's questions. */
async function queries(index: ProjectIndex, corpus: string): Promise<Map<string, string[]>> {
  const names = sampleNames(index, 120);
  const out = new Map<string, string[]>([
    ['name', names],
    ['prefix', names.map((n) => n.slice(0, Math.max(3, Math.ceil(n.length / 2))))],
    ['bag', names.slice(0, 60).map((n, i) => [n, names[(i * 7 + 3) % names.length], names[(i * 13 + 5) % names.length]].join(' '))],
  ]);
  const set = (await loadQuestionSets()).get(corpus);
  if (set !== undefined) {
    out.set('question', set.questions.filter((q) => q.kind === 'prose' || q.kind === 'search' || q.kind === 'identifiers').map((q) => q.query));
  }
  return out;
}

const TYPE_KINDS: ReadonlySet<NodeKind> = new Set(['class', 'interface', 'struct', 'trait', 'enum']);

/**
 * The name-lookup check: every type name that one type outside test files defines and that some
 * other symbol also bears in any case (its constructors, a `roundingMode` field, a `list` method),
 * searched exactly as written; found when that type is the first match.
 */
function typeLookups(index: ProjectIndex): { found: number; total: number } {
  const testFiles = new Set<number>();
  eachIndexedFile(index.store, (id, _path, _language, _symbols, isTest) => {
    if (isTest) testFiles.add(id);
  });
  const types = new Map<string, number>();
  const bearers = new Map<string, number>();
  eachSymbolName(index.store, (_id, name, _qualified, kind, fileId) => {
    bearers.set(name.toLowerCase(), (bearers.get(name.toLowerCase()) ?? 0) + 1);
    if (TYPE_KINDS.has(kind) && !testFiles.has(fileId)) types.set(name, (types.get(name) ?? 0) + 1);
  });
  const names = [...types].filter(([name, count]) => count === 1 && (bearers.get(name.toLowerCase()) ?? 0) > 1).map(([name]) => name);
  let found = 0;
  for (const name of names) {
    const first = searchSymbols(index.store, name, { limit: 1 }).matches[0]?.node;
    if (first !== undefined && first.name === name && TYPE_KINDS.has(first.kind)) found += 1;
  }
  return { found, total: names.length };
}

function latency(kind: string, wall: readonly number[], cpu: readonly number[]): KindLatency {
  return { kind, calls: wall.length, p50: percentile(wall, 50), p99: percentile(wall, 99), cpuP50: percentile(cpu, 50), cpuP99: percentile(cpu, 99) };
}

function timeSearch(index: ProjectIndex, query: string): { wall: number; cpu: number } {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  searchSymbols(index.store, query, { limit: 10 });
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

/** The previous schema's search index (four columns, simple tokenizer, no uses) in place of this one's. */
const PREVIOUS_SEARCH_INDEX = `DROP TABLE node_search; DROP VIEW node_search_src; DROP TABLE node_uses;
  CREATE VIEW node_search_src AS SELECT id AS rowid, name || ' ' || cg_words(name) AS name, ${qualifiedNameOf('nodes')} AS qualified_name,
    coalesce(signature, '') AS signature, coalesce(docstring, '') AS docstring FROM nodes;
  CREATE VIRTUAL TABLE node_search USING fts4(content="node_search_src", name, qualified_name, signature, docstring);
  INSERT INTO node_search(node_search) VALUES ('rebuild');`;

/** The database's size once vacuumed, after `change` (SQL) when given: both sides compacted alike. */
async function compactBytes(file: string, change = ''): Promise<number> {
  const db = await SqliteDb.open(readFileSync(file));
  try {
    registerSchemaFunctions(db);
    db.exec(`${change} VACUUM;`);
    return db.export().byteLength;
  } finally {
    db.close();
  }
}

async function measureLatency(index: ProjectIndex, corpus: string): Promise<{ kinds: KindLatency[]; all: KindLatency }> {
  const kinds: KindLatency[] = [];
  const allWall: number[] = [];
  const allCpu: number[] = [];
  for (const [kind, list] of await queries(index, corpus)) {
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const query of list) {
        const t = timeSearch(index, query);
        if (round === 0) continue;
        wall.push(t.wall);
        cpu.push(t.cpu);
      }
    }
    kinds.push(latency(kind, wall, cpu));
    allWall.push(...wall);
    allCpu.push(...cpu);
  }
  return { kinds, all: latency('all', allWall, allCpu) };
}

/** Runs the search benchmark on `corpusName`. */
export async function runSearchBench(corpusName: string): Promise<SearchReport> {
  const spec = findCorpus(corpusName);
  if (spec === undefined) throw new Error(`unknown corpus ${corpusName}`);
  const prepared = await prepareCorpus(spec);
  const root = mkdtempSync(join(tmpdir(), `codegraph-search-${corpusName}-`));
  try {
    cpSync(prepared, root, { recursive: true, filter: (p) => !p.includes(`${join(prepared, '.codegraph')}`) });
    await indexProject({ root, mode: 'full', command: 'bench' });
    const file = join(root, '.codegraph', 'codegraph.db');
    // A fresh open, then the first search: nothing over all symbols is built in between.
    const cache = new IndexCache();
    const t0 = performance.now();
    const index = await cache.get(root);
    const openMs = performance.now() - t0;
    if (index === undefined) throw new Error('index missing');
    const firstSearchMs = timeSearch(index, 'how are migrations applied to the database').wall;
    const nodes = index.store.counts().nodes;
    const { kinds, all } = await measureLatency(index, corpusName);
    const lookups = typeLookups(index);
    cache.close();
    const databaseBytes = await compactBytes(file);
    const previousBytes = await compactBytes(file, PREVIOUS_SEARCH_INDEX);
    return { corpus: corpusName, nodes, kinds, all, openMs, firstSearchMs, savedBytes: statSync(file).size, databaseBytes, previousBytes, typeLookups: lookups };
  } finally {
    if (existsSync(root)) rmSync(root, { recursive: true, force: true });
  }
}

function mib(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(2)} MiB`;
}

/** The report table. */
export function formatSearchReport(r: SearchReport): string {
  const lines = [`${r.corpus}: ${r.nodes} nodes`, '  queries     calls   wall p50 / p99          cpu p50 / p99'];
  for (const k of [...r.kinds, r.all]) {
    lines.push(`  ${k.kind.padEnd(10)} ${String(k.calls).padStart(6)}   ${ms(k.p50).padStart(9)} / ${ms(k.p99).padEnd(9)}   ${ms(k.cpuP50).padStart(9)} / ${ms(k.cpuP99)}`);
  }
  lines.push(`  fresh open ${ms(r.openMs)}, then the first search ${ms(r.firstSearchMs)}`);
  const share = r.typeLookups.total === 0 ? '-' : (r.typeLookups.found / r.typeLookups.total).toFixed(3);
  lines.push(`  type names searched as written, that type first: ${r.typeLookups.found} / ${r.typeLookups.total} (${share})`);
  const growth = ((r.databaseBytes / r.previousBytes - 1) * 100).toFixed(1);
  lines.push(`  database as saved ${mib(r.savedBytes)}; vacuumed ${mib(r.databaseBytes)}, with the previous search index ${mib(r.previousBytes)}: ${growth} % more`);
  return `${lines.join('\n')}\n`;
}
