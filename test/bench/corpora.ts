/**
 * Real code to index in benchmarks. Each corpus comes from a Debian package or an npm tarball,
 * is copied into a scratch folder (default `/tmp/codegraph-bench/corpora/<name>`, kept and reused
 * by later runs) and made a git repository with one commit, so it looks like an ordinary project.
 * Nothing here is installed until a benchmark asks for that corpus by name, and none of this code
 * ever enters the project: the scripts fetch and copy it.
 */
import { constants } from 'node:fs';
import { access, cp, mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { indexProject } from '../../src/index/sync/index.js';
import { run, runChecked } from './proc.js';

/** The scratch root for everything the benchmarks install or copy. */
export function benchRoot(): string {
  return process.env['CODEGRAPH_BENCH_DIR'] ?? join(tmpdir(), 'codegraph-bench');
}

/** Where prepared corpora live. */
export function corporaRoot(): string {
  return join(benchRoot(), 'corpora');
}

/** How to append one new function to a file of a corpus's main language (the sync probe). */
export interface EditProbe {
  /** File extension of the language's source files, with the dot. */
  readonly extension: string;
  /** A line (or a few) that adds one new top-level function named after `tag`. */
  readonly snippet: (tag: string) => string;
}

export interface CorpusSpec {
  readonly name: string;
  readonly summary: string;
  /** Too large to run unless asked for explicitly (see `--large`). */
  readonly large?: boolean;
  readonly probe: EditProbe;
  /** Fills the empty folder `dest` with the corpus's files. */
  readonly populate: (dest: string) => Promise<void>;
}

const PYTHON: EditProbe = { extension: '.py', snippet: (tag) => `\n\ndef bench_probe_${tag}():\n    return ${JSON.stringify(tag)}\n` };
const RUST: EditProbe = { extension: '.rs', snippet: (tag) => `\n#[allow(dead_code)]\npub fn bench_probe_${tag}() -> &'static str {\n    ${JSON.stringify(tag)}\n}\n` };
const JAVASCRIPT: EditProbe = { extension: '.js', snippet: (tag) => `\nfunction benchProbe_${tag}() {\n  return ${JSON.stringify(tag)};\n}\n` };
// A second, non-public top-level class is legal after the file's public one.
const JAVA: EditProbe = { extension: '.java', snippet: (tag) => `\nclass BenchProbe_${tag} {\n    static String probe() { return ${JSON.stringify(tag)}; }\n}\n` };
const C: EditProbe = { extension: '.c', snippet: (tag) => `\nint bench_probe_${tag}(void)\n{\n\treturn 0;\n}\n` };

/** The npm tarball behind the TypeScript/JavaScript corpus (VS Code's editor, compiled ESM). */
const MONACO = 'monaco-editor@0.52.2';

export const CORPORA: readonly CorpusSpec[] = [
  {
    name: 'django',
    summary: 'Django 3.2 from Debian (python3-django), ~860 .py files',
    probe: PYTHON,
    populate: async (dest) => {
      await ensureDebian('python3-django');
      const files = await dpkgFiles('python3-django');
      const packageDir = files.find((f) => basename(f) === 'django' && /\/(dist|site)-packages$/.test(dirname(f)));
      if (packageDir === undefined) throw new Error('dpkg -L python3-django lists no .../dist-packages/django folder');
      await copyTree(packageDir, join(dest, 'django'));
    },
  },
  crate('tokio', 'librust-tokio-dev', 'tokio 1.24 from Debian (librust-tokio-dev), ~420 .rs files'),
  crate('serde', 'librust-serde-dev', 'serde 1.0 from Debian (librust-serde-dev), ~20 .rs files'),
  {
    name: 'monaco',
    summary: `${MONACO} from npm, its esm/ tree: ~990 .js modules compiled from TypeScript plus ~155 .d.ts`,
    probe: JAVASCRIPT,
    populate: async (dest) => {
      const scratch = `${dest}.pack`;
      await rm(scratch, { recursive: true, force: true });
      await mkdir(scratch, { recursive: true });
      try {
        const packed = await runChecked('npm', ['pack', MONACO, '--silent', '--pack-destination', scratch], { cwd: scratch });
        const tarball = packed.stdout.trim().split('\n').at(-1) ?? '';
        await runChecked('tar', ['-xzf', join(scratch, tarball), '-C', scratch]);
        await copyTree(join(scratch, 'package', 'esm'), join(dest, 'esm'));
        await cp(join(scratch, 'package', 'package.json'), join(dest, 'package.json'));
      } finally {
        await rm(scratch, { recursive: true, force: true });
      }
    },
  },
  {
    name: 'jdk',
    summary: "OpenJDK 17's java.base sources (openjdk-17-source), ~3,000 .java files",
    probe: JAVA,
    populate: async (dest) => {
      await ensureDebian('openjdk-17-source');
      await ensureCommand('unzip', 'unzip');
      const zip = (await dpkgFiles('openjdk-17-source')).find((f) => basename(f) === 'src.zip');
      if (zip === undefined) throw new Error('dpkg -L openjdk-17-source lists no src.zip');
      await runChecked('unzip', ['-q', zip, 'java.base/*', '-d', dest]);
    },
  },
  {
    name: 'linux',
    summary: 'Linux 6.1 kernel source (linux-source-6.1), ~60k .c/.h files, ~1.2 GB',
    large: true,
    probe: C,
    populate: async (dest) => {
      await runChecked('tar', ['-xJf', await kernelTarball(), '-C', dest, '--strip-components=1']);
    },
  },
  {
    name: 'linux-fs',
    summary: "the Linux 6.1 kernel's fs/ folder (linux-source-6.1), ~2,300 .c/.h files",
    probe: C,
    populate: async (dest) => {
      const tarball = await kernelTarball();
      await runChecked('tar', ['-xJf', tarball, '-C', dest, '--strip-components=1', `${basename(tarball).replace(/\.tar\.xz$/, '')}/fs`]);
    },
  },
];

/** The kernel source tarball Debian's linux-source-6.1 installs (installed first when missing). */
async function kernelTarball(): Promise<string> {
  await ensureDebian('linux-source-6.1');
  await ensureCommand('xz', 'xz-utils');
  const tarball = (await dpkgFiles('linux-source-6.1')).find((f) => /linux-source-[\d.]+\.tar\.xz$/.test(f));
  if (tarball === undefined) throw new Error('dpkg -L linux-source-6.1 lists no linux-source-*.tar.xz');
  return tarball;
}

/** Other names accepted on the command line. `rust` is tokio where Debian has it, else serde. */
export async function resolveCorpusName(name: string): Promise<string> {
  if (name !== 'rust') return name;
  return (await debianHas('librust-tokio-dev')) ? 'tokio' : 'serde';
}

export function findCorpus(name: string): CorpusSpec | undefined {
  return CORPORA.find((c) => c.name === name);
}

function crate(name: string, debianPackage: string, summary: string): CorpusSpec {
  return {
    name,
    summary,
    probe: RUST,
    populate: async (dest) => {
      await ensureDebian(debianPackage);
      // The crate's folder is `<cargo registry>/<name>-<version>`; take the shortest such entry.
      const pattern = new RegExp(`^${name}-\\d[\\w.+-]*$`);
      const dirs = (await dpkgFiles(debianPackage)).filter((f) => pattern.test(basename(f))).sort((a, b) => a.length - b.length);
      const crateDir = dirs[0];
      if (crateDir === undefined) throw new Error(`dpkg -L ${debianPackage} lists no ${name}-<version> folder`);
      await copyTree(crateDir, dest);
    },
  };
}

const READY_MARK = '.codegraph-bench-ready';

/**
 * Returns the folder of a prepared corpus, preparing it first unless an earlier run finished it.
 * Preparation happens in a sibling folder that is renamed into place only when complete.
 */
export async function prepareCorpus(spec: CorpusSpec, root = corporaRoot()): Promise<string> {
  const dest = join(root, spec.name);
  if (await exists(join(dest, '.git', READY_MARK))) return dest;
  const building = `${dest}.partial`;
  await rm(building, { recursive: true, force: true });
  await mkdir(building, { recursive: true });
  log(`preparing corpus ${spec.name}: ${spec.summary}`);
  await spec.populate(building);
  await gitSnapshot(building);
  await writeFile(join(building, '.git', READY_MARK), `${new Date().toISOString()}\n`);
  await rm(dest, { recursive: true, force: true });
  await rename(building, dest);
  return dest;
}

/**
 * A scratch copy of corpus `name` (prepared first if needed), indexed from nothing, in a new
 * folder named after `label`; the caller removes `root` when done.
 */
export async function indexedCopy(name: string, label: string): Promise<{ spec: CorpusSpec; root: string }> {
  const spec = findCorpus(name);
  if (spec === undefined) throw new Error(`unknown corpus ${name}`);
  const prepared = await prepareCorpus(spec);
  const root = await mkdtemp(join(tmpdir(), `codegraph-${label}-${name}-`));
  try {
    await cp(prepared, root, { recursive: true, filter: (p) => !p.includes(join(prepared, '.codegraph')) });
    await indexProject({ root, mode: 'full', command: 'bench' });
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }
  return { spec, root };
}

/** `git init` plus one commit of everything, so tools that ask git for the file list see it all. */
async function gitSnapshot(dir: string): Promise<void> {
  await ensureCommand('git', 'git');
  const git = (...args: string[]) =>
    runChecked('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@localhost', '-c', 'init.defaultBranch=main', ...args], { cwd: dir });
  await git('init', '-q');
  await git('add', '-A', '-f');
  await git('commit', '-q', '--no-gpg-sign', '-m', 'corpus snapshot');
}

/** Copies a tree, leaving out byte-code caches that Debian's install scripts generate. */
async function copyTree(from: string, to: string): Promise<void> {
  await cp(from, to, {
    recursive: true,
    dereference: false,
    verbatimSymlinks: true,
    filter: (source) => basename(source) !== '__pycache__',
  });
}

// ---- Debian packages --------------------------------------------------------------------------

let aptUpdated = false;

async function debianInstalled(pkg: string): Promise<boolean> {
  const result = await run('dpkg-query', ['-W', '-f=${Status}', pkg]);
  return result.code === 0 && result.stdout.includes('install ok installed');
}

/** The installed version of Debian package `pkg`, or undefined when it is not installed (or there is no dpkg). */
export async function debianVersion(pkg: string): Promise<string | undefined> {
  const result = await run('dpkg-query', ['-W', '-f=${Status}\t${Version}', pkg]).catch(() => undefined);
  if (result === undefined || result.code !== 0 || !result.stdout.startsWith('install ok installed\t')) return undefined;
  return result.stdout.slice('install ok installed\t'.length).trim();
}

/** Whether Debian's package lists know `pkg` (updating them once if they know nothing yet). */
export async function debianHas(pkg: string): Promise<boolean> {
  if (await debianInstalled(pkg)) return true;
  const known = async () => {
    const policy = await run('apt-cache', ['policy', pkg]);
    return policy.code === 0 && /Candidate: (?!\(none\))/.test(policy.stdout);
  };
  if (await known()) return true;
  await aptUpdate();
  return known();
}

async function aptUpdate(): Promise<void> {
  if (aptUpdated) return;
  log('apt-get update');
  await runChecked('apt-get', ['update', '-qq'], { env: aptEnv() });
  aptUpdated = true;
}

function aptEnv(): NodeJS.ProcessEnv {
  return { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
}

/** Installs a Debian package unless it is installed already. */
export async function ensureDebian(pkg: string): Promise<void> {
  if (await debianInstalled(pkg)) return;
  log(`apt-get install -y ${pkg}`);
  const install = () => run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', pkg], { env: aptEnv() });
  let result = await install();
  if (result.code !== 0 && !aptUpdated) {
    await aptUpdate();
    result = await install();
  }
  if (result.code !== 0) throw new Error(`apt-get install ${pkg} failed: ${result.stderr.trim().split('\n').slice(-3).join(' | ')}`);
}

/** The paths `dpkg -L` lists for an installed package. */
export async function dpkgFiles(pkg: string): Promise<string[]> {
  const result = await runChecked('dpkg', ['-L', pkg]);
  return result.stdout.split('\n').filter((line) => line.startsWith('/'));
}

/** Makes sure `command` is on PATH, installing `pkg` from Debian when it is not. */
export async function ensureCommand(command: string, pkg: string): Promise<void> {
  const found = await run('sh', ['-c', `command -v ${command}`]);
  if (found.code !== 0) await ensureDebian(pkg);
}

/** The GNU time binary, as `dpkg -L time` names it (installing the package when missing). */
export async function gnuTime(): Promise<string> {
  await ensureDebian('time');
  const binary = (await dpkgFiles('time')).find((f) => /\/bin\/time$/.test(f));
  if (binary === undefined) throw new Error('dpkg -L time lists no bin/time');
  return binary;
}

// ---- small file helpers -----------------------------------------------------------------------

export async function exists(path: string): Promise<boolean> {
  try {
    await access(path, constants.F_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Source files with `extension` under `dir` and their sizes, skipping dot-folders
 * (`.git`, `.codegraph`).
 */
export async function sourceFiles(dir: string, extension: string): Promise<{ path: string; size: number }[]> {
  const found: { path: string; size: number }[] = [];
  const walk = async (current: string): Promise<void> => {
    for (const entry of await readdir(current, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const full = join(current, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && entry.name.endsWith(extension)) found.push({ path: full, size: (await stat(full)).size });
    }
  };
  await walk(dir);
  return found;
}

/** Progress lines go to stderr so the report on stdout stays clean. */
export function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}
