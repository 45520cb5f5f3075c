/**
 * `serve --http --detach`: starts the same command as a background process in its own session
 * (so closing the terminal does not stop it), its output appended to a log file in the state
 * folder, and returns once it listens, printing its pid, address and log.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stateDir } from '../state-dir.js';
import { listServers, type ServerEntry } from './registry.js';

/** How long the background server has to start listening. */
const START_TIMEOUT_MS = 30_000;
const POLL_MS = 50;

/**
 * Starts `codegraph serve <serveArgs>` detached and waits until it has registered itself (that
 * is, it listens) or has exited. Returns the exit code for this command.
 */
export async function detachServer(serveArgs: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<number> {
  const logDir = join(stateDir(env), 'logs');
  mkdirSync(logDir, { recursive: true });
  const log = join(logDir, `http-${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}.log`);
  const fd = openSync(log, 'a');
  let exitCode: number | null | undefined;
  let childPid: number | undefined;
  try {
    const cli = process.argv[1];
    if (cli === undefined) throw new Error('cannot tell which script is running to start it again');
    const child = spawn(process.execPath, [...process.execArgv, cli, 'serve', ...serveArgs], {
      cwd,
      detached: true,
      stdio: ['ignore', fd, fd],
      env: { ...env, CODEGRAPH_HTTP_LOG_FILE: log },
    });
    childPid = child.pid;
    child.once('exit', (code) => {
      exitCode = code;
    });
    child.once('error', () => {
      exitCode = -1;
    });
    child.unref();
  } finally {
    closeSync(fd);
  }
  const entry = childPid === undefined ? undefined : await waitForEntry(childPid, env, () => exitCode !== undefined);
  if (entry === undefined) {
    // A server that never came up is not left running behind the error.
    if (childPid !== undefined && exitCode === undefined) process.kill(childPid, 'SIGTERM');
    process.stderr.write(`codegraph: the background server ${exitCode !== undefined ? `exited (code ${String(exitCode)})` : 'did not start listening in time'}; its log ${log} says:\n${tail(log)}`);
    return 1;
  }
  process.stdout.write(
    [
      `codegraph: HTTP server running in the background`,
      `  pid:     ${entry.pid}`,
      `  address: ${entry.address}`,
      `  url:     ${entry.url}`,
      `  log:     ${log}`,
      `Stop it with \`codegraph http stop ${entry.address}\`; \`codegraph http list\` shows every server.`,
      '',
    ].join('\n'),
  );
  return 0;
}

async function waitForEntry(pid: number, env: NodeJS.ProcessEnv, exited: () => boolean): Promise<ServerEntry | undefined> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const entry = listServers(env).find((e) => e.pid === pid);
    if (entry !== undefined) return entry;
    if (exited()) return undefined;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return undefined;
}

/** The last lines of a log, indented, for an error message. */
function tail(path: string): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return '  (the log could not be read)\n';
  }
  const lines = text.trimEnd().split('\n').slice(-20);
  return `${lines.map((l) => `  ${l}`).join('\n')}\n`;
}
