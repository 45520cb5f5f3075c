/**
 * The peer implementation measured side by side: `@colbymchenry/codegraph`, installed with npm into
 * its own scratch folder (never a dependency of this project) and run with telemetry and its
 * background daemon turned off.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { benchRoot, exists, log } from './corpora.js';
import { runChecked } from './proc.js';

export const PEER_PACKAGE = '@colbymchenry/codegraph';
export const PEER_VERSION = '1.6.1';

/** Where the peer is installed. */
export function peerDir(): string {
  return join(benchRoot(), 'peer');
}

/** The environment the peer runs in: ours plus the switches that keep it local and short-lived. */
export function peerEnv(): NodeJS.ProcessEnv {
  return { ...process.env, CODEGRAPH_TELEMETRY: '0', DO_NOT_TRACK: '1', CODEGRAPH_NO_DAEMON: '1' };
}

/** Installs the peer unless the pinned version is already there; returns its `codegraph` binary. */
export async function ensurePeer(): Promise<string> {
  const dir = peerDir();
  const bin = join(dir, 'node_modules', '.bin', 'codegraph');
  const manifest = join(dir, 'node_modules', ...PEER_PACKAGE.split('/'), 'package.json');
  if ((await exists(bin)) && (await installedVersion(manifest)) === PEER_VERSION) return bin;
  if (!(await exists(join(dir, 'package.json')))) {
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'package.json'), `${JSON.stringify({ name: 'codegraph-bench-peer', private: true }, null, 2)}\n`);
  }
  log(`npm i ${PEER_PACKAGE}@${PEER_VERSION} in ${dir} (~290 MB)`);
  await runChecked('npm', ['i', '--no-audit', '--no-fund', `${PEER_PACKAGE}@${PEER_VERSION}`], { cwd: dir });
  if (!(await exists(bin))) throw new Error(`npm installed ${PEER_PACKAGE} but ${bin} is missing`);
  return bin;
}

async function installedVersion(manifest: string): Promise<string | undefined> {
  try {
    const parsed: unknown = JSON.parse(await readFile(manifest, 'utf8'));
    if (typeof parsed === 'object' && parsed !== null && 'version' in parsed && typeof parsed.version === 'string') return parsed.version;
  } catch {
    // not installed
  }
  return undefined;
}

/** A command line to run from inside a project folder. */
export interface Invocation {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
}

/** `codegraph init .` inside `projectDir`; `--yes` keeps it from waiting on a prompt with no terminal. */
export function peerInit(bin: string, projectDir: string): Invocation {
  return { command: bin, args: ['init', '.', '--yes'], cwd: projectDir, env: peerEnv() };
}

/** `codegraph sync . --quiet` inside `projectDir`. */
export function peerSync(bin: string, projectDir: string): Invocation {
  return { command: bin, args: ['sync', '.', '--quiet'], cwd: projectDir, env: peerEnv() };
}

/** `codegraph status . --json` inside `projectDir`. */
export function peerStatus(bin: string, projectDir: string): Invocation {
  return { command: bin, args: ['status', '.', '--json'], cwd: projectDir, env: peerEnv() };
}
