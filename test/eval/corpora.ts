/**
 * The corpora of the evaluation: real packages nobody on the project wrote, each with its language
 * and its role. Question corpora have a question file under questions/ and belong to one half of
 * the split (split.json); census corpora only feed the definition census, for languages that have
 * no question corpus. Those the benchmarks already know (django, serde, jdk) come from
 * test/bench/corpora.ts; the rest are described in sources.ts's shapes here. Nothing is installed
 * until a run selects the corpus.
 */
import { findCorpus, prepareCorpus, type CorpusSpec } from '../bench/corpora.js';
import { debianFolder, debianTarball, jdkModules, npmPackage } from './sources.js';

/** The twelve languages the definition census reports on, by their usual names. */
export const CENSUS_LANGUAGES = ['javascript', 'typescript', 'python', 'java', 'csharp', 'go', 'rust', 'c', 'cpp', 'php', 'ruby', 'kotlin'] as const;

/** One of the census languages. */
export type Language = (typeof CENSUS_LANGUAGES)[number];

/** An evaluation corpus: where it comes from, its main language and what it is used for. */
export interface EvalCorpus {
  readonly name: string;
  readonly language: Language;
  /** questions: asked questions and counted in the census; census: counted in the census only. */
  readonly role: 'questions' | 'census';
  readonly spec: CorpusSpec;
}

function bench(name: string): CorpusSpec {
  const spec = findCorpus(name);
  if (spec === undefined) throw new Error(`the benchmarks know no corpus ${name}`);
  return spec;
}

const q = (name: string, language: Language, spec: CorpusSpec): EvalCorpus => ({ name, language, role: 'questions', spec });

/** Every corpus, in report order (the seven tuned on first, as before; the four added to the tuning half later last). */
export const EVAL_CORPORA: readonly EvalCorpus[] = [
  q('django', 'python', bench('django')),
  q('sqlalchemy', 'python', debianFolder('sqlalchemy', 'python3-sqlalchemy', /\/(dist|site)-packages\/sqlalchemy$/, 'sqlalchemy', '.py', 'SQLAlchemy 1.4 from Debian (python3-sqlalchemy), ~240 .py files')),
  q('cobra', 'go', debianFolder('cobra', 'golang-github-spf13-cobra-dev', /\/gocode\/src\/github\.com\/spf13\/cobra$/, '', '.go', 'spf13/cobra from Debian (golang-github-spf13-cobra-dev), ~35 .go files')),
  q('serde', 'rust', bench('serde')),
  q('activesupport', 'ruby', debianFolder('activesupport', 'ruby-activesupport', /\/gems\/activesupport-[\d.]+\/lib$/, 'lib', '.rb', 'ActiveSupport 6.1 from Debian (ruby-activesupport), ~250 .rb files under lib/')),
  q('symfony-console', 'php', debianFolder('symfony-console', 'php-symfony-console', /\/Symfony\/Component\/Console$/, '', '.php', 'symfony/console from Debian (php-symfony-console), ~105 .php files')),
  q('jdk', 'java', bench('jdk')),
  q('werkzeug', 'python', debianFolder('werkzeug', 'python3-werkzeug', /\/(dist|site)-packages\/werkzeug$/, 'werkzeug', '.py', 'Werkzeug 2.2 from Debian (python3-werkzeug), ~50 .py files')),
  q('prometheus', 'go', debianFolder('prometheus', 'golang-github-prometheus-client-golang-dev', /\/gocode\/src\/github\.com\/prometheus\/client_golang$/, '', '.go', 'prometheus/client_golang 1.14 from Debian (golang-github-prometheus-client-golang-dev), ~170 .go files')),
  q('regex', 'rust', debianFolder('regex', 'librust-regex-dev', /\/cargo\/registry\/regex-\d[\w.+-]*$/, '', '.rs', 'regex 1.7 from Debian (librust-regex-dev), ~90 .rs files')),
  q('rack', 'ruby', debianFolder('rack', 'ruby-rack', /\/gems\/rack-[\d.]+\/lib$/, 'lib', '.rb', 'Rack 2.2 from Debian (ruby-rack), ~70 .rb files under lib/')),
  q('monolog', 'php', debianFolder('monolog', 'php-monolog', /\/share\/php\/Monolog$/, 'Monolog', '.php', 'Monolog 2.9 from Debian (php-monolog), ~120 .php files')),
  q('jdk-http', 'java', jdkModules('jdk-http', ['java.net.http', 'jdk.httpserver'], "OpenJDK 17's java.net.http and jdk.httpserver sources (openjdk-17-source), ~250 .java files")),
  q('connect', 'javascript', npmPackage('connect', 'connect@3.7.0', ['.'], '.js', 'CommonJS, one module')),
  q('express', 'javascript', npmPackage('express', 'express@4.21.2', ['.'], '.js', 'CommonJS, lib/ of 11 modules')),
  q('body-parser', 'javascript', npmPackage('body-parser', 'body-parser@1.20.3', ['.'], '.js', 'CommonJS, 6 modules')),
  q('commander', 'javascript', npmPackage('commander', 'commander@2.20.3', ['.'], '.js', 'CommonJS, one module')),
  q('trpc', 'typescript', npmPackage('trpc', '@trpc/server@10.45.2', ['src', 'package.json'], '.ts', 'its TypeScript src/, ~80 .ts files')),
  q('query-core', 'typescript', npmPackage('query-core', '@tanstack/query-core@5.59.0', ['src', 'package.json'], '.ts', 'its TypeScript src/, ~25 .ts files')),
  q('libxcrypt', 'c', debianFolder('libxcrypt', 'libxcrypt-source', /^\/usr\/src\/libxcrypt$/, '', '.c', 'libxcrypt 4.4 from Debian (libxcrypt-source), ~110 .c/.h files')),
  q('nlohmann-json', 'cpp', debianFolder('nlohmann-json', 'nlohmann-json3-dev', /\/include\/nlohmann$/, 'nlohmann', '.hpp', 'nlohmann/json 3.11 headers from Debian (nlohmann-json3-dev), ~60 .hpp files')),
  q('jdk-mgmt', 'java', jdkModules('jdk-mgmt', ['java.logging', 'java.prefs', 'java.management'], "OpenJDK 17's java.logging, java.prefs and java.management sources (openjdk-17-source), ~390 .java files")),
  q('rtk', 'typescript', npmPackage('rtk', '@reduxjs/toolkit@2.2.7', ['src', 'package.json'], '.ts', 'its TypeScript src/, ~150 .ts files')),
  q('twig', 'php', debianFolder('twig', 'php-twig', /\/share\/php\/Twig$/, 'Twig', '.php', 'Twig 3.5 from Debian (php-twig), ~180 .php files')),
  q('bluez', 'c', debianTarball('bluez', 'bluez-source', /\/bluez\.tar\.bz2$/, 'bluez-source/src', ['.c', '.h'], "BlueZ 5.66's bluetoothd src/ from Debian's tarball (bluez-source), ~125 .c/.h files")),
  // Six web applications (added with routes as nodes), three in each half.
  q('redmine', 'ruby', debianFolder('redmine', 'redmine', /^\/usr\/share\/redmine$/, '', '.rb', 'Redmine 5.0 from Debian (redmine): a Rails application, app/, config/ and lib/ .rb files')),
  q('searx', 'python', debianFolder('searx', 'python3-searx', /\/(dist|site)-packages\/searx$/, 'searx', '.py', 'searx 1.1 from Debian (python3-searx): a Flask application, ~150 .py files')),
  q('node-red-api', 'javascript', npmPackage('node-red-api', '@node-red/editor-api@3.1.9', ['lib', 'package.json'], '.js', "Node-RED's editor and admin HTTP API: Express routers, ~25 modules")),
  q('graphite-web', 'python', debianFolder('graphite-web', 'graphite-web', /\/(dist|site)-packages\/graphite$/, 'graphite', '.py', 'graphite-web 1.1 from Debian (graphite-web): a Django application, ~170 .py files')),
  q('json-server', 'javascript', npmPackage('json-server', 'json-server@0.17.4', ['lib', 'package.json'], '.js', 'a REST server on Express routers, ~20 modules')),
  q('verdaccio', 'javascript', npmPackage('verdaccio', 'verdaccio@5.29.2', ['build=>lib', 'package.json'], '.js', "an npm registry server: Express routes in its compiled build/, copied as lib/ (a build/ folder is skipped as build output), ~200 .js files")),
  {
    name: 'edge-js', language: 'csharp', role: 'census',
    spec: npmPackage('edge-js', 'edge-js@26.1.0', ['src'], '.cs', 'its src/: 11 .cs files beside C++'),
  },
  {
    name: 'rn-screens', language: 'kotlin', role: 'census',
    spec: npmPackage('rn-screens', 'react-native-screens@4.28.0', ['android'], '.kt', 'its android/ tree: ~240 .kt files'),
  },
];

/** The corpus called `name`, if any. */
export function evalCorpus(name: string): EvalCorpus | undefined {
  return EVAL_CORPORA.find((c) => c.name === name);
}

/** Prepares (or reuses) the corpus and returns its folder. */
export async function prepareEvalCorpus(name: string): Promise<string> {
  const corpus = evalCorpus(name);
  if (corpus === undefined) throw new Error(`unknown corpus "${name}" (known: ${EVAL_CORPORA.map((c) => c.name).join(', ')})`);
  return prepareCorpus(corpus.spec);
}
