/**
 * `codegraph http list` and `codegraph http stop ADDR`: the running HTTP servers from the
 * registry, and stopping one gracefully with SIGTERM (it finishes the requests in flight, removes
 * its registry entry and exits). A signal rather than an HTTP route: only the server's owner (or
 * root) may send it, so stopping needs no credential on the wire.
 */
import { isLoopbackHost, parseHttpAddress } from '../../transport/http/address.js';
import { UsageError } from '../usage.js';
import { isServerProcess, listServers, unregisterServer, type ServerEntry } from './registry.js';

/** How long `http stop` waits for the server to finish and exit. */
const STOP_TIMEOUT_MS = 15_000;

/** Runs `http <sub> ...`; returns the exit code. */
export async function runHttpCommand(sub: string | undefined, positionals: readonly string[], json: boolean, env: NodeJS.ProcessEnv): Promise<number> {
  switch (sub) {
    case 'list':
      if (positionals.length > 0) throw new UsageError(`http list takes no arguments, got ${positionals.join(' ')}`);
      process.stdout.write(json ? `${JSON.stringify(listServers(env), null, 2)}\n` : formatList(listServers(env), Date.now()));
      return 0;
    case 'stop': {
      const [addr, ...extra] = positionals;
      if (addr === undefined || extra.length > 0) throw new UsageError('http stop needs exactly one address, as in `codegraph http stop 127.0.0.1:8111`');
      return stopServer(addr, env);
    }
    default:
      throw new UsageError(sub === undefined ? 'http needs a subcommand: list or stop' : `unknown http subcommand "${sub}" (use list or stop)`);
  }
}

/** The table `http list` prints: address, pid, uptime, project. */
export function formatList(servers: readonly ServerEntry[], now: number): string {
  if (servers.length === 0) return 'No codegraph HTTP server is running.\n';
  const rows = [['ADDRESS', 'PID', 'UPTIME', 'PROJECT'], ...servers.map((s) => [s.address, String(s.pid), uptime(now - Date.parse(s.startedAt)), s.project ?? '(per request: projectPath)'])];
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return `${rows.map((r) => r.map((cell, i) => (i < 3 ? cell.padEnd(widths[i] ?? 0) : cell)).join('  ')).join('\n')}\n`;
}

/** A duration as `3d 4h`, `2h 5m`, `7m 12s` or `40s`. */
export function uptime(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const [d, h, m] = [Math.floor(s / 86_400), Math.floor((s % 86_400) / 3600), Math.floor((s % 3600) / 60)];
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${m}m`;
  if (m > 0) return `${m}m ${s % 60}s`;
  return `${s}s`;
}

/** The registered servers `addr` names: `HOST:PORT`, or a bare port; loopback names are one host. */
export function serversAt(addr: string, servers: readonly ServerEntry[]): ServerEntry[] {
  const wanted = parseHttpAddress(addr);
  if (wanted.kind === 'invalid') throw new UsageError(wanted.message.replace('--http-addr', 'http stop'));
  const bare = /^\s*\d+\s*$/.test(addr);
  return servers.filter((s) => {
    const have = parseHttpAddress(s.address);
    if (have.kind === 'invalid' || have.address.port !== wanted.address.port) return false;
    if (bare || have.address.host === wanted.address.host) return true;
    return isLoopbackHost(have.address.host) && isLoopbackHost(wanted.address.host);
  });
}

async function stopServer(addr: string, env: NodeJS.ProcessEnv): Promise<number> {
  const matches = serversAt(addr, listServers(env));
  if (matches.length === 0) {
    process.stderr.write(`codegraph: no codegraph HTTP server is running at ${addr} (\`codegraph http list\` shows the running ones)\n`);
    return 1;
  }
  let code = 0;
  for (const server of matches) {
    try {
      process.kill(server.pid, 'SIGTERM');
    } catch {
      // Gone between the listing and the signal: nothing left to stop.
    }
    if (await exited(server.pid, STOP_TIMEOUT_MS)) {
      unregisterServer(server.pid, env);
      process.stdout.write(`stopped ${server.address} (pid ${server.pid})\n`);
    } else {
      process.stderr.write(`codegraph: ${server.address} (pid ${server.pid}) is still finishing after ${STOP_TIMEOUT_MS / 1000} s; \`kill -9 ${server.pid}\` ends it at once\n`);
      code = 1;
    }
  }
  return code;
}

async function exited(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isServerProcess(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !isServerProcess(pid);
}
