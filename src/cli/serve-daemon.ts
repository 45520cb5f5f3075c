/**
 * `serve --mcp` for an indexed project: proxy the stdio session to the project's shared daemon
 * (starting it when none runs), or, with `CODEGRAPH_NO_DAEMON=1`, be the project's single writer
 * in this process; a second foreground writer serves read-only and says so.
 */
import { Duplex, PassThrough } from 'node:stream';
import { attachProject, NO_DAEMON_ENV } from '../daemon/attach.js';
import { proxySession } from '../transport/daemon-proxy.js';
import { isIndexed } from '../project/resolve.js';
import { serveLines } from '../transport/stdio.js';
import { createServer, serveForeground, toolWarnings, type ServeOptions } from './serve.js';
import { startProjectDaemon } from './daemon-command.js';

const say = (line: string): boolean => process.stderr.write(`codegraph: ${line}\n`);

/** Serves `root` through a daemon; false when this process should serve in the foreground instead. */
export async function serveThroughDaemon(root: string, options: ServeOptions): Promise<boolean> {
  if (options.env[NO_DAEMON_ENV] === '1') {
    await serveAsWriter(root, options);
    return true;
  }
  const attach = (): ReturnType<typeof attachProject> =>
    attachProject(root, { env: options.env, role: 'proxy', start: true, cwd: options.cwd, ...(options.noWatch === true ? { noWatch: true } : {}) });
  const service = await attach();
  if (service.kind === 'foreground') {
    say(`serving in this process without a daemon: ${service.reason}`);
    return false;
  }
  for (const w of toolWarnings(options.env)) process.stderr.write(`${w}\n`);
  await proxySession({
    input: process.stdin,
    output: process.stdout,
    socket: service.link.client.release(),
    reconnect: async (): Promise<Duplex | undefined> => {
      // The index was deleted under the session: answer here, as a server with no index does.
      if (!isIndexed(root)) return standIn(root, options);
      const next = await attach();
      return next.kind === 'daemon' ? next.link.client.release() : undefined;
    },
    log: say,
  });
  return true;
}

/** `CODEGRAPH_NO_DAEMON=1`: this process is the project's writer, or serves read-only beside one. */
async function serveAsWriter(root: string, options: ServeOptions): Promise<void> {
  const daemon = await startProjectDaemon(root, { env: options.env, noWatch: options.noWatch === true, idleMs: Number.POSITIVE_INFINITY, log: say });
  if (daemon === undefined) {
    const fix = `stop the other writer (\`codegraph daemon stop ${root}\`, or end the other ${NO_DAEMON_ENV}=1 server) and restart this one`;
    say(`another process is the writer for ${root}; serving read-only (no watcher). To fix: ${fix}`);
    await serveForeground({ ...options, watch: false }, { autoSync: `off (read-only: another process is the writer; ${fix})`, local: root });
    return;
  }
  const state = { hostPid: process.pid, role: 'proxy' as const, cwd: options.cwd, tools: options.env['CODEGRAPH_MCP_TOOLS'] };
  for (const w of toolWarnings(options.env)) process.stderr.write(`${w}\n`);
  // A host that ends the server with a signal: the sync or write in progress finishes and the
  // socket file goes before the process exits (a write cut short leaves the previous file intact,
  // but the next start would redo the catch-up, which is 20 s on the Linux kernel).
  const onSignal = (signal: NodeJS.Signals): void => {
    void daemon.stop(signal).finally(() => process.exit(0));
  };
  for (const signal of STOP_SIGNALS) process.once(signal, onSignal);
  try {
    await daemon.serveStream(process.stdin, process.stdout, Symbol('stdio'), state);
  } finally {
    for (const signal of STOP_SIGNALS) process.off(signal, onSignal);
    await daemon.stop('the foreground session ended');
  }
}

const STOP_SIGNALS: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP'];

/**
 * A connection to a server in this process, for a session whose project lost its index: it
 * answers as a server with no index does ("No codegraph index exists ... run init"), and ends
 * after the first answer given once the project is indexed again, so the next message attaches
 * to a daemon anew.
 */
function standIn(root: string, options: ServeOptions): Duplex {
  const toServer = new PassThrough();
  const fromServer = new PassThrough();
  const { server } = createServer({ ...options, path: root }, 'off (the index was deleted; run codegraph init)');
  void serveLines({ input: toServer, output: fromServer, onMessage: (incoming, peer) => server.handle(incoming, peer) })
    .catch(() => undefined)
    .finally(() => {
      server.abortAll();
      fromServer.end();
    });
  const link = Duplex.from({ writable: toServer, readable: fromServer });
  // Ending the input lets the stand-in finish what it was asked, then the link closes.
  fromServer.on('data', () => {
    if (isIndexed(root)) setImmediate(() => link.end());
  });
  return link;
}
