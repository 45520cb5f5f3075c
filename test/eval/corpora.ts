/**
 * The corpora the explore evaluation asks questions about. Those the benchmarks already know
 * (django, serde, jdk) come from test/bench/corpora.ts; the others are described here in the same
 * shape and prepared by the same `prepareCorpus`, so every corpus is a Debian package's tree copied
 * into the shared scratch folder and made a one-commit git repository. Nothing is installed until
 * a run selects the corpus.
 */
import { cp } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { dpkgFiles, ensureDebian, findCorpus, prepareCorpus, type CorpusSpec, type EditProbe } from '../bench/corpora.js';

// The evaluation never edits corpus files; the probe only completes the shape CorpusSpec asks for.
const NO_PROBE = (extension: string): EditProbe => ({ extension, snippet: () => '' });

/** Copies a folder, leaving out byte-code caches that Debian's install scripts generate. */
async function copyFolder(from: string, to: string): Promise<void> {
  await cp(from, to, { recursive: true, dereference: false, verbatimSymlinks: true, filter: (p) => basename(p) !== '__pycache__' });
}

/** The one path `dpkg -L pkg` lists that `test` accepts, preferring the shortest. */
async function packagePath(pkg: string, test: (path: string) => boolean): Promise<string> {
  await ensureDebian(pkg);
  const found = (await dpkgFiles(pkg)).filter(test).sort((a, b) => a.length - b.length)[0];
  if (found === undefined) throw new Error(`dpkg -L ${pkg} lists no folder of the expected shape`);
  return found;
}

const EXTRA: readonly CorpusSpec[] = [
  {
    name: 'sqlalchemy',
    summary: 'SQLAlchemy 1.4 from Debian (python3-sqlalchemy), ~240 .py files',
    probe: NO_PROBE('.py'),
    populate: async (dest) => {
      const dir = await packagePath('python3-sqlalchemy', (p) => /\/(dist|site)-packages\/sqlalchemy$/.test(p));
      await copyFolder(dir, join(dest, 'sqlalchemy'));
    },
  },
  {
    name: 'cobra',
    summary: 'spf13/cobra from Debian (golang-github-spf13-cobra-dev), ~35 .go files',
    probe: NO_PROBE('.go'),
    populate: async (dest) => {
      const dir = await packagePath('golang-github-spf13-cobra-dev', (p) => /\/gocode\/src\/github\.com\/spf13\/cobra$/.test(p));
      await copyFolder(dir, dest);
    },
  },
  {
    name: 'activesupport',
    summary: 'ActiveSupport 6.1 from Debian (ruby-activesupport), ~250 .rb files under lib/',
    probe: NO_PROBE('.rb'),
    populate: async (dest) => {
      const lib = await packagePath('ruby-activesupport', (p) => /\/gems\/activesupport-[\d.]+\/lib$/.test(p));
      await copyFolder(lib, join(dest, 'lib'));
    },
  },
  {
    name: 'symfony-console',
    summary: 'symfony/console from Debian (php-symfony-console), ~105 .php files',
    probe: NO_PROBE('.php'),
    populate: async (dest) => {
      const dir = await packagePath('php-symfony-console', (p) => /\/Symfony\/Component\/Console$/.test(p));
      await copyFolder(dir, dest);
    },
  },
];

/** The names of every corpus the evaluation can use, in report order. */
export const EVAL_CORPORA: readonly string[] = ['django', 'sqlalchemy', 'cobra', 'serde', 'activesupport', 'symfony-console', 'jdk'];

/** The corpus description for `name`, from this module or the benchmarks' list. */
export function evalCorpus(name: string): CorpusSpec | undefined {
  return EXTRA.find((c) => c.name === name) ?? findCorpus(name);
}

/** Prepares (or reuses) the corpus and returns its folder. */
export async function prepareEvalCorpus(name: string): Promise<string> {
  const spec = evalCorpus(name);
  if (spec === undefined) throw new Error(`unknown corpus "${name}" (known: ${EVAL_CORPORA.join(', ')})`);
  return prepareCorpus(spec);
}
