/**
 * The server of `codegraph view`: the view alone on a loopback address, behind the same Host and
 * Origin rules as the MCP endpoint (a foreign Origin or a rebound Host name gets 403), `/` sending
 * the browser on to `/view/`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { HttpAddress } from '../transport/http/address.js';
import { formatHttpAddress } from '../transport/http/address.js';
import { boundAddress, listen } from '../transport/http/listen.js';
import { checkOrigin, LOOPBACK_ONLY, type OriginPolicy } from '../transport/http/origin-policy.js';
import type { ViewHandler } from './handler.js';
import { VIEW_PATH, ViewStatus } from './request-plan.js';

/** A listening view server. */
export interface RunningViewServer {
  readonly address: HttpAddress;
  /** The page's URL. */
  readonly url: string;
  /** Stops listening, ends event streams and drops connections. Idempotent. */
  close(): Promise<void>;
}

/** Starts listening on `address`; rejects with the system error (EADDRINUSE …) when it cannot. */
export async function startViewServer(address: HttpAddress, view: ViewHandler, policy: OriginPolicy = LOOPBACK_ONLY): Promise<RunningViewServer> {
  const server = createServer({ headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 5_000 });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    route(req, res, view, policy).catch((error: unknown) => {
      process.stderr.write(`codegraph: view request failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      replyError(res, ViewStatus.InternalError, 'Internal error');
    });
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
    else socket.destroy();
  });
  await listen(server, address);
  const real = boundAddress(server, address);
  let closing: Promise<void> | undefined;
  return {
    address: real,
    url: `http://${formatHttpAddress(real)}${VIEW_PATH}/`,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        view.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

async function route(req: IncomingMessage, res: ServerResponse, view: ViewHandler, policy: OriginPolicy): Promise<void> {
  const verdict = checkOrigin(req.headers.host, req.headers.origin, policy, req.socket.localPort);
  if (verdict.kind === 'forbidden') {
    req.resume();
    replyError(res, ViewStatus.Forbidden, verdict.reason, { connection: 'close' });
    return;
  }
  const path = (req.url ?? '').split('?')[0] ?? '';
  if (path === '/' && req.method === 'GET') {
    req.resume();
    res.writeHead(ViewStatus.Found, { location: `${VIEW_PATH}/`, 'content-length': 0 });
    res.end();
    return;
  }
  await view.handle(req, res);
}

function replyError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.writableEnded) return;
  const text = JSON.stringify({ error: message });
  res.writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
