/**
 * The two sides of the comparison, each indexing its own copy of a corpus and answering through
 * its MCP server (`serve --mcp`, tools/call), as an agent asks: this project's built CLI and the
 * peer `@colbymchenry/codegraph`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { peerEnv, peerInit } from '../bench/peer.js';
import { describeExit, run, tail } from '../bench/proc.js';
import { CLI_PATH as OUR_CLI } from '../support/cli.js';
import { StdioMcpClient } from './mcp-client.js';

/** Which tool answers. */
export type Side = 'ours' | 'peer';

/** Where the evaluation keeps its work copies and results (`CODEGRAPH_EVAL_ROOT` moves it, so two checkouts can run at once). */
export const EVAL_ROOT = process.env['CODEGRAPH_EVAL_ROOT'] ?? '/tmp/codegraph-eval';

/** The built CLI of this project that the evaluation runs. */
export const OUR_CLI_PATH = OUR_CLI;

/** One side's index of one corpus. */
export interface SideSetup {
  readonly dir: string;
  readonly indexSeconds: number | undefined;
  readonly reused: boolean;
  readonly error: string | undefined;
}

/** Progress lines go to stderr so the report on stdout stays clean. */
export function log(message: string): void {
  process.stderr.write(`[eval] ${message}\n`);
}

/** A fresh writable copy of the prepared corpus (with its `.git`), unless `reuse` finds one indexed. */
async function workCopy(source: string, dest: string, reuse: boolean): Promise<boolean> {
  if (reuse && existsSync(join(dest, '.codegraph'))) return true;
  await rm(dest, { recursive: true, force: true });
  await mkdir(dirname(dest), { recursive: true });
  const copied = await run('cp', ['-a', source, dest]);
  if (copied.code !== 0) throw new Error(`cp -a ${source} ${dest} failed: ${tail(copied.stderr)}`);
  return false;
}

/**
 * Indexes `source` for one side under EVAL_ROOT/work/<name>/<side>. Our index is rebuilt unless
 * `reuse`; the peer is pinned, so an index it built earlier stays valid and is always reused.
 */
export async function setupSide(side: Side, name: string, source: string, reuse: boolean, peerBin: string | undefined): Promise<SideSetup> {
  const dir = join(EVAL_ROOT, 'work', name, side);
  const reused = await workCopy(source, dir, side === 'peer' || reuse);
  const ready = side === 'peer' ? existsSync(join(dir, '.codegraph', 'codegraph.db')) : true;
  if (reused && ready) return { dir, indexSeconds: undefined, reused, error: undefined };
  log(`${name}/${side}: init`);
  const invocation =
    side === 'ours'
      ? { command: process.execPath, args: [OUR_CLI, 'init', dir, '--quiet'], cwd: dir, env: process.env }
      : peerInit(peerBin ?? '', dir);
  const started = performance.now();
  const result = await run(invocation.command, invocation.args, { cwd: invocation.cwd, env: invocation.env, timeoutMs: 1_800_000 });
  const seconds = (performance.now() - started) / 1000;
  const error = result.code === 0 ? undefined : `init ${describeExit(result)}: ${tail(result.stderr || result.stdout)}`;
  if (error !== undefined) log(`${name}/${side}: ${error}`);
  return { dir, indexSeconds: seconds, reused: false, error };
}

/** Starts and initializes one side's MCP server over an indexed folder. */
export async function startServer(side: Side, dir: string, peerBin: string | undefined): Promise<StdioMcpClient> {
  const client =
    side === 'ours'
      ? new StdioMcpClient(process.execPath, [OUR_CLI, 'serve', '--mcp', '--path', dir], dir, process.env, () => {
        // The project's daemon is detached from the server's process group: stop it by its pid.
        spawnSync(process.execPath, [OUR_CLI, 'daemon', 'stop', dir], { stdio: 'ignore', timeout: 30_000 });
      })
      : new StdioMcpClient(peerBin ?? '', ['serve', '--mcp'], dir, peerEnv());
  try {
    await client.initialize(60_000);
  } catch (error) {
    await client.close();
    throw error;
  }
  return client;
}
