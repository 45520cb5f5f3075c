/**
 * Where each evaluation corpus's files come from: a folder of an installed Debian package, or part
 * of an npm tarball (`npm pack NAME@VERSION`). Every version is pinned by the Debian release the
 * machine runs or by the npm spec. The specs here only fill a folder; `prepareCorpus` (shared with
 * the benchmarks) copies, `git init`s and reuses them, so no third-party code enters the project.
 */
import { cp, mkdir, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { dpkgFiles, ensureDebian, type CorpusSpec, type EditProbe } from '../bench/corpora.js';
import { runChecked } from '../bench/proc.js';

// The evaluation never edits corpus files; the probe only completes the shape CorpusSpec asks for.
const NO_PROBE = (extension: string): EditProbe => ({ extension, snippet: () => '' });

/** Copies a folder, leaving out byte-code caches that Debian's install scripts generate. */
export async function copyFolder(from: string, to: string): Promise<void> {
  await cp(from, to, { recursive: true, dereference: false, verbatimSymlinks: true, filter: (p) => basename(p) !== '__pycache__' });
}

/** The one path `dpkg -L pkg` lists that `test` accepts, preferring the shortest. */
export async function packagePath(pkg: string, test: (path: string) => boolean): Promise<string> {
  await ensureDebian(pkg);
  const found = (await dpkgFiles(pkg)).filter(test).sort((a, b) => a.length - b.length)[0];
  if (found === undefined) throw new Error(`dpkg -L ${pkg} lists no folder of the expected shape`);
  return found;
}

/**
 * A corpus copied from one folder of a Debian package: the shortest listed path matching `folder`
 * is copied to `into` (relative to the corpus root; '' for the root itself).
 */
export function debianFolder(name: string, pkg: string, folder: RegExp, into: string, extension: string, summary: string): CorpusSpec {
  return {
    name,
    summary,
    probe: NO_PROBE(extension),
    populate: async (dest) => {
      const dir = await packagePath(pkg, (p) => folder.test(p));
      await copyFolder(dir, into === '' ? dest : join(dest, into));
    },
  };
}

/**
 * A corpus from an npm tarball: `npm pack spec`, then each listed path of the unpacked `package/`
 * folder is copied to the same relative path in the corpus (`.` copies the whole package), or to
 * another one written after `=>` (`build=>lib`: a package publishing its code in a folder that
 * both sides skip as build output is asked about as the source it is).
 */
export function npmPackage(name: string, spec: string, paths: readonly string[], extension: string, summary: string): CorpusSpec {
  return {
    name,
    summary: `${spec} from npm (${summary})`,
    probe: NO_PROBE(extension),
    populate: async (dest) => {
      const scratch = `${dest}.pack`;
      await rm(scratch, { recursive: true, force: true });
      await mkdir(scratch, { recursive: true });
      try {
        const packed = await runChecked('npm', ['pack', spec, '--silent', '--pack-destination', scratch], { cwd: scratch });
        const tarball = packed.stdout.trim().split('\n').at(-1) ?? '';
        await runChecked('tar', ['-xzf', join(scratch, tarball), '-C', scratch]);
        for (const entry of paths) {
          const [path = entry, target = path] = entry.split('=>');
          await cp(join(scratch, 'package', path), target === '.' ? dest : join(dest, target), { recursive: true });
        }
      } finally {
        await rm(scratch, { recursive: true, force: true });
      }
    },
  };
}

/**
 * A corpus from one folder of a tarball a Debian package installs (`bluez-source` ships
 * /usr/src/bluez.tar.bz2, not a tree): the folder `inner` of the unpacked tarball, only files
 * ending in one of `keep` (the tarball also holds a built tree's objects and binaries).
 */
export function debianTarball(name: string, pkg: string, tarball: RegExp, inner: string, keep: readonly string[], summary: string): CorpusSpec {
  return {
    name,
    summary,
    probe: NO_PROBE(keep[0] ?? ''),
    populate: async (dest) => {
      const archive = await packagePath(pkg, (p) => tarball.test(p));
      const scratch = `${dest}.unpack`;
      await rm(scratch, { recursive: true, force: true });
      await mkdir(scratch, { recursive: true });
      try {
        await runChecked('tar', ['-xf', archive, '-C', scratch, inner]);
        const kept = (p: string, isDir: boolean): boolean => isDir || keep.some((e) => p.endsWith(e));
        await cp(join(scratch, inner), dest, { recursive: true, filter: async (p) => kept(p, (await stat(p)).isDirectory()) });
      } finally {
        await rm(scratch, { recursive: true, force: true });
      }
    },
  };
}

/** Java sources of the named JDK modules from openjdk-17-source's src.zip. */
export function jdkModules(name: string, modules: readonly string[], summary: string): CorpusSpec {
  return {
    name,
    summary,
    probe: NO_PROBE('.java'),
    populate: async (dest) => {
      await ensureDebian('openjdk-17-source');
      await ensureDebian('unzip');
      const zip = (await dpkgFiles('openjdk-17-source')).find((f) => basename(f) === 'src.zip');
      if (zip === undefined) throw new Error('dpkg -L openjdk-17-source lists no src.zip');
      await runChecked('unzip', ['-q', zip, ...modules.map((m) => `${m}/*`), '-d', dest]);
    },
  };
}
