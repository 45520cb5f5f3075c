/**
 * The route census (`npm run eval -- --route-census`): per framework, on real applications, the
 * share of route declarations that route-census-patterns.json's regexes find which our index has
 * as a `route` node starting at the declaration's line (±1). A declaration that stands for several
 * routes (Rails's `resources`) counts once, found when any of its routes is there. The goal is
 * 0.95 for each framework.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { prepareCorpus, type CorpusSpec } from '../bench/corpora.js';
import { exportedNodes } from './census.js';
import { evalCorpus } from './corpora.js';
import { loadFrameworkRules, scanRouteCorpus, type RouteDeclaration } from './route-census-scan.js';
import { log, setupSide } from './sides.js';
import { debianFolder, npmPackage } from './sources.js';

/** The route census's goal per framework. */
export const ROUTE_CENSUS_GOAL = 0.95;

/**
 * Applications counted by the route census only, beside the evaluation's web applications: never
 * asked questions, so not in either half of the split.
 */
export const ROUTE_CENSUS_CORPORA: readonly { readonly name: string; readonly spec: CorpusSpec }[] = [
  { name: 'httpbin', spec: debianFolder('httpbin', 'python3-httpbin', /\/(dist|site)-packages\/httpbin$/, 'httpbin', '.py', 'httpbin 0.7 from Debian (python3-httpbin): a Flask application, 6 .py files') },
  { name: 'bepasty', spec: debianFolder('bepasty', 'bepasty', /\/(dist|site)-packages\/bepasty$/, 'bepasty', '.py', 'bepasty 1.0 from Debian (bepasty): a Flask pastebin, ~50 .py files') },
  { name: 'postorius', spec: debianFolder('postorius', 'python3-django-postorius', /\/(dist|site)-packages\/postorius$/, 'postorius', '.py', "Postorius 1.3 from Debian (python3-django-postorius): Mailman's Django web interface, ~100 .py files") },
  { name: 'hyperkitty', spec: debianFolder('hyperkitty', 'python3-django-hyperkitty', /\/(dist|site)-packages\/hyperkitty$/, 'hyperkitty', '.py', "HyperKitty 1.3 from Debian (python3-django-hyperkitty): Mailman's Django archiver, ~150 .py files") },
  { name: 'cnpmjs', spec: npmPackage('cnpmjs', 'cnpmjs.org@2.1.0', ['.'], '.js', 'a private npm registry server on Koa and its router') },
  { name: 'verdaccio-fastify', spec: npmPackage('verdaccio-fastify', '@verdaccio/server-fastify@7.0.0-next-8.21', ['build=>lib', 'package.json'], '.js', "verdaccio's Fastify server, its compiled build/ copied as lib/") },
  { name: 'fastify-swagger-ui', spec: npmPackage('fastify-swagger-ui', '@fastify/swagger-ui@6.1.3', ['.'], '.js', 'the Swagger UI plugin of Fastify: routes serving the UI and the spec') },
  { name: 'activestorage', spec: debianFolder('activestorage', 'ruby-activestorage', /\/gems\/activestorage-[\d.]+\/config$/, 'config', '.rb', "Active Storage 6.1's config/ from Debian (ruby-activestorage): a Rails engine's routes file") },
  { name: 'actionmailbox', spec: debianFolder('actionmailbox', 'ruby-actionmailbox', /\/gems\/actionmailbox-[\d.]+\/config$/, 'config', '.rb', "Action Mailbox 6.1's config/ from Debian (ruby-actionmailbox): a Rails engine's routes file") },
  { name: 'screwdriver-api', spec: npmPackage('screwdriver-api', 'screwdriver-api@8.0.143', ['plugins', 'lib', 'bin'], '.js', 'the Screwdriver.cd API server on hapi: its plugins export their route objects, ~190 .js files') },
  { name: 'central-ledger', spec: npmPackage('central-ledger', '@mojaloop/central-ledger@19.5.5', ['src'], '.js', "Mojaloop's central ledger service on hapi: routes exported as lists, ~120 .js files") },
  { name: 'forms-engine-plugin', spec: npmPackage('forms-engine-plugin', '@defra/forms-engine-plugin@8.0.1', ['src'], '.ts', "the UK government's forms engine, a hapi plugin: its sources (the compiled copy in .server/ left out)") },
  { name: 'fiberplane-studio', spec: npmPackage('fiberplane-studio', '@fiberplane/studio@0.14.0', ['dist/src=>src'], '.js', "Fiberplane's local studio for Hono applications, itself a Hono API: its compiled server code") },
  { name: 'openauth', spec: npmPackage('openauth', '@openauthjs/openauth@0.4.3', ['src'], '.ts', 'an OAuth issuer built on Hono: the TypeScript sources') },
  { name: 'langgraph-api', spec: npmPackage('langgraph-api', '@langchain/langgraph-api@1.5.1', ['dist=>lib'], '.mjs', "LangGraph's API server on Hono: its compiled dist/ copied as lib/") },
  { name: 'umami', spec: npmPackage('umami', 'umami@2.10.0', ['src'], '.ts', "Umami's web analytics application on Next.js: app router pages and pages/api routes") },
  { name: 'lobehub', spec: npmPackage('lobehub', '@lobehub/chat@1.143.3', ['src'], '.ts', "LobeChat's Next.js application sources, ~5,000 files") },
  { name: 'nextspark', spec: npmPackage('nextspark', '@nextsparkjs/core@0.1.0-beta.191', ['templates/app=>app'], '.tsx', "the NextSpark SaaS framework's application template: its app/ folder") },
  { name: 'nest-server', spec: npmPackage('nest-server', '@lenne.tech/nest-server@11.24.1', ['src'], '.ts', 'a NestJS server with its controllers: the TypeScript sources (the compiled dist/ left out)') },
  { name: 'local-mcp-backend', spec: npmPackage('local-mcp-backend', '@dxheroes/local-mcp-backend@0.15.0', ['src'], '.ts', "the Local MCP Gateway's NestJS backend: the TypeScript sources") },
  { name: 'solid-core', spec: npmPackage('solid-core', '@solidstarters/solid-core@1.2.209', ['src'], '.ts', "a low-code platform's NestJS core, 41 controllers: the TypeScript sources") },
  { name: 'crowdsec', spec: debianFolder('crowdsec', 'golang-github-crowdsecurity-crowdsec-dev', /\/gocode\/src\/github\.com\/crowdsecurity\/crowdsec$/, '', '.go', 'CrowdSec 1.4 from Debian (golang-github-crowdsecurity-crowdsec-dev): its local API on Gin, ~330 .go files') },
  { name: 'step-ca', spec: debianFolder('step-ca', 'golang-github-smallstep-certificates-dev', /\/gocode\/src\/github\.com\/smallstep\/certificates$/, '', '.go', "smallstep's certificate authority 0.19 from Debian (golang-github-smallstep-certificates-dev): its API on chi, ~260 .go files") },
  { name: 'distribution', spec: debianFolder('distribution', 'golang-github-docker-distribution-dev', /\/gocode\/src\/github\.com\/docker\/distribution$/, '', '.go', "Docker's registry 2.8 from Debian (golang-github-docker-distribution-dev): gorilla/mux and net/http, ~225 .go files") },
];

/** The folder of a route census corpus: an evaluation corpus or one of ROUTE_CENSUS_CORPORA. */
async function prepareRouteCorpus(name: string): Promise<string> {
  const spec = evalCorpus(name)?.spec ?? ROUTE_CENSUS_CORPORA.find((c) => c.name === name)?.spec;
  if (spec === undefined) throw new Error(`route census: unknown corpus ${name}`);
  return prepareCorpus(spec);
}

/** One corpus's count within a framework. */
interface CorpusCount {
  readonly corpus: string;
  readonly declarations: number;
  readonly found: number;
  readonly error?: string;
}

/** One framework's census over its corpora. */
interface FrameworkCensus {
  readonly framework: string;
  readonly corpora: readonly CorpusCount[];
  readonly declarations: number;
  readonly found: number;
  readonly missed: readonly RouteDeclaration[];
}

/** A route node's first and last lines. */
export interface RouteSpan {
  readonly start: number;
  readonly end: number;
}

/** Our index's route nodes' lines by file, from `codegraph export` (node-link JSON). */
async function indexedRouteLines(dir: string): Promise<Map<string, RouteSpan[]>> {
  const byFile = new Map<string, RouteSpan[]>();
  for (const n of await exportedNodes(dir, 'route-census')) {
    if (n.kind !== 'route') continue;
    byFile.set(n.source_file, [...(byFile.get(n.source_file) ?? []), { start: n.start_line, end: n.end_line }]);
  }
  return byFile;
}

/**
 * Whether the index has a route node starting at the declaration's line (±1), or, with `within`
 * above 1, one that spans the line from at most `within` lines above.
 */
export function routeIndexed(declaration: RouteDeclaration, routes: ReadonlyMap<string, readonly RouteSpan[]>, within = 1): boolean {
  const line = declaration.line;
  return (routes.get(declaration.file) ?? []).some(
    (r) => Math.abs(r.start - line) <= 1 || (within > 1 && r.start < line && line - r.start <= within && line <= r.end),
  );
}

async function censusOfFramework(framework: string, reuse: boolean): Promise<FrameworkCensus> {
  const rules = loadFrameworkRules().get(framework);
  if (rules === undefined) throw new Error(`no route census rules for ${framework}`);
  const corpora: CorpusCount[] = [];
  const missed: RouteDeclaration[] = [];
  for (const name of rules.corpora) {
    try {
      const source = await prepareRouteCorpus(name);
      const setup = await setupSide('ours', name, source, reuse, undefined);
      if (setup.error !== undefined) throw new Error(setup.error);
      const routes = await indexedRouteLines(setup.dir);
      const declarations = await scanRouteCorpus(source, rules);
      const misses = declarations.filter((d) => !routeIndexed(d, routes, rules.within));
      missed.push(...misses.map((d) => ({ ...d, file: `${name}/${d.file}` })));
      corpora.push({ corpus: name, declarations: declarations.length, found: declarations.length - misses.length });
      log(`route census ${framework}/${name}: ${declarations.length - misses.length}/${declarations.length}`);
    } catch (error) {
      corpora.push({ corpus: name, declarations: 0, found: 0, error: error instanceof Error ? error.message : String(error) });
    }
  }
  const sum = (key: 'declarations' | 'found') => corpora.reduce((n, c) => n + c[key], 0);
  return { framework, corpora, declarations: sum('declarations'), found: sum('found'), missed };
}

const share = (found: number, total: number): string => (total === 0 ? 'n/a' : (found / total).toFixed(3));

/** The report: a line per framework with its corpora's counts, then every miss. */
export function routeCensusReport(results: readonly FrameworkCensus[]): string {
  const lines = [`Route census (goal ${ROUTE_CENSUS_GOAL} per framework): declarations the regexes find / those with a route node at their line (±1)`, ''];
  for (const r of results) {
    const below = r.declarations > 0 && r.found / r.declarations >= ROUTE_CENSUS_GOAL ? '' : '  below goal';
    const counts = r.corpora.map((c) => (c.error === undefined ? `${c.corpus} ${c.found}/${c.declarations}` : `${c.corpus} failed: ${c.error}`)).join(', ');
    lines.push(`${r.framework.padEnd(9)} ${share(r.found, r.declarations).padStart(6)}  ${String(r.found).padStart(5)} / ${String(r.declarations).padEnd(5)} ${counts}${below}`);
  }
  lines.push('', 'Misses:');
  for (const r of results) {
    for (const m of r.missed) lines.push(`  ${r.framework.padEnd(9)} ${m.file}:${m.line} ${m.text.length > 110 ? `${m.text.slice(0, 110)}…` : m.text}`);
  }
  return lines.join('\n');
}

/** Runs the route census over every framework (or `frameworks`), prints the report and writes the full results to `out`. */
export async function runRouteCensus(out: string, reuse: boolean, frameworks?: readonly string[]): Promise<number> {
  const known = [...loadFrameworkRules().keys()];
  const unknown = (frameworks ?? []).filter((f) => !known.includes(f));
  if (unknown.length > 0) throw new Error(`no route census for ${unknown.join(', ')} (known: ${known.join(', ')})`);
  const results: FrameworkCensus[] = [];
  for (const framework of known.filter((f) => frameworks === undefined || frameworks.includes(f))) results.push(await censusOfFramework(framework, reuse));
  process.stdout.write(`${routeCensusReport(results)}\n`);
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify({ goal: ROUTE_CENSUS_GOAL, frameworks: results }, null, 2)}\n`);
  process.stdout.write(`\nfull results: ${out}\n`);
  return 0;
}
