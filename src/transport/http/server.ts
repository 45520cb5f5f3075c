/**
 * The streamable-HTTP server's lifecycle on `node:http`: listen, route to the one endpoint,
 * guard against DNS rebinding, slow clients and greedy connections, and close gracefully.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ErrorCode } from '../../jsonrpc/errors.js';
import { McpServer, type ServerInfo } from '../../mcp/server.js';
import type { ToolService } from '../../mcp/tool-service.js';
import { MCP_PATH, type HttpAddress } from './address.js';
import { MAX_BODY_BYTES } from './body.js';
import { boundAddress, listen } from './listen.js';
import { checkOrigin, LOOPBACK_ONLY, type OriginPolicy } from './origin-policy.js';
import { answerPost } from './post.js';
import { replyError } from './replies.js';

/** Settings of an HTTP server; everything but the address, identity and tools has a default. */
export interface HttpServerOptions {
  readonly address: HttpAddress;
  readonly info: ServerInfo;
  readonly tools: ToolService;
  readonly policy?: OriginPolicy;
  readonly maxBodyBytes?: number;
  /** Time a client has to send its request headers (default 10 s). */
  readonly headersTimeoutMs?: number;
  /** Time a client has to send a whole request, body included (default 30 s). */
  readonly requestTimeoutMs?: number;
  /** How long an idle keep-alive connection stays open (default 5 s). */
  readonly keepAliveTimeoutMs?: number;
  /** Requests one connection may have in flight at once (default 16). */
  readonly maxRequestsPerConnection?: number;
  /** Another front door served beside MCP, after the same Host/Origin check (the view at `/view`). */
  readonly mount?: HttpMount;
}

/** Requests under `prefix` (the prefix itself or `prefix/…`) handed to `handle` instead of MCP. */
export interface HttpMount {
  readonly prefix: string;
  /** Answers one request; a stream it leaves open does not hold up `close()`. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** Ends what the mount keeps open; called when the server closes. */
  close(): void;
}

/** A listening server. */
export interface RunningHttpServer {
  /** Where it listens (the real port when 0 was asked for). */
  readonly address: HttpAddress;
  /**
   * Stops accepting, lets requests in flight finish for up to `graceMs` (default 10 s), then
   * drops every connection. Idempotent; resolves when the server is closed.
   */
  close(graceMs?: number): Promise<void>;
}

/** Starts listening; rejects with the system error (EADDRINUSE, EACCES …) when it cannot. */
export async function startHttpServer(options: HttpServerOptions): Promise<RunningHttpServer> {
  const inFlight = new Set<Promise<void>>();
  const perSocket = new WeakMap<Socket, number>();
  const limit = options.maxRequestsPerConnection ?? 16;
  const policy = options.policy ?? LOOPBACK_ONLY;
  const context = {
    dispatcher: (legacyRevision: string) => new McpServer(options.info, options.tools, { legacyRevision }),
    maxBodyBytes: options.maxBodyBytes ?? MAX_BODY_BYTES,
  };
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  const server = createServer({
    headersTimeout: options.headersTimeoutMs ?? 10_000,
    requestTimeout,
    keepAliveTimeout: options.keepAliveTimeoutMs ?? 5_000,
    connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(requestTimeout / 4))),
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    const count = (perSocket.get(socket) ?? 0) + 1;
    perSocket.set(socket, count);
    const done = route(req, res, policy, context, count > limit ? limit : undefined, options.mount)
      .catch((error: unknown) => {
        process.stderr.write(`codegraph: HTTP request failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
        replyError(res, 500, ErrorCode.InternalError, 'Internal error');
      })
      .finally(() => {
        perSocket.set(socket, (perSocket.get(socket) ?? 1) - 1);
        inFlight.delete(done);
      });
    inFlight.add(done);
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    // Malformed HTTP, header or request timeouts: answer 400/408 when the socket still can.
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
    socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
  });
  await listen(server, options.address);
  const close = closer(server, inFlight);
  return {
    address: boundAddress(server, options.address),
    close: (graceMs) => {
      options.mount?.close();
      return close(graceMs);
    },
  };
}

async function route(req: IncomingMessage, res: ServerResponse, policy: OriginPolicy, context: Parameters<typeof answerPost>[2], overLimit: number | undefined, mount: HttpMount | undefined): Promise<void> {
  const verdict = checkOrigin(req.headers.host, req.headers.origin, policy, req.socket.localPort);
  if (verdict.kind === 'forbidden') {
    req.resume();
    replyError(res, 403, ErrorCode.InvalidRequest, verdict.reason, undefined, { connection: 'close' });
    return;
  }
  const path = (req.url ?? '').split('?')[0] ?? '';
  if (mount !== undefined && (path === mount.prefix || path.startsWith(`${mount.prefix}/`))) {
    if (overLimit !== undefined) tooMany(req, res, overLimit);
    else await mount.handle(req, res);
    return;
  }
  if (path !== MCP_PATH) {
    req.resume();
    replyError(res, 404, ErrorCode.InvalidRequest, `Not Found: MCP is served at POST ${MCP_PATH}`);
    return;
  }
  if (req.method !== 'POST') {
    req.resume();
    // No sessions, so no standalone GET stream and nothing for DELETE to end.
    replyError(res, 405, ErrorCode.InvalidRequest, `Method Not Allowed: ${MCP_PATH} takes POST only (this server keeps no sessions)`, undefined, { allow: 'POST' });
    return;
  }
  if (overLimit !== undefined) {
    tooMany(req, res, overLimit);
    return;
  }
  await answerPost(req, res, context);
}

/** 429: the connection already has `limit` requests in flight. */
function tooMany(req: IncomingMessage, res: ServerResponse, limit: number): void {
  req.resume();
  replyError(res, 429, ErrorCode.InvalidRequest, `Too Many Requests: at most ${limit} requests may be in flight on one connection`, undefined, { 'retry-after': '1' });
}

function closer(server: Server, inFlight: Set<Promise<void>>): (graceMs?: number) => Promise<void> {
  let closing: Promise<void> | undefined;
  return (graceMs = 10_000) => {
    closing ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs);
      });
      await Promise.race([Promise.allSettled([...inFlight]), grace]);
      clearTimeout(timer);
      server.closeAllConnections();
      await closed;
    })();
    return closing;
  };
}
