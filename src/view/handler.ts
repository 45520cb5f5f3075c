/**
 * The view as one request handler, mounted by `codegraph view` and by `serve --http` at `/view`
 * once the Host/Origin check has passed: the page and its shipped files, the JSON API over the
 * project's index, and the event stream that tells open pages the index changed. Read-only.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FreshnessProbe, lexicalProjectPath } from '../project/freshness.js';
import type { ProjectIndex } from '../project/index-cache.js';
import type { ProjectServices } from '../project/project-services.js';
import { INDEX_DIR } from '../store/layout.js';
import type { ApiAnswer } from './api/answer.js';
import { fail } from './api/answer.js';
import { impactAnswer } from './api/impact.js';
import { mapAnswer, mapIndexOf } from './api/map.js';
import { searchAnswer } from './api/search.js';
import { sourceAnswer, type SourceFiles } from './api/source.js';
import { symbolAnswer } from './api/symbol.js';
import { IndexChanges, indexSignature } from './live.js';
import { planViewRequest, VIEW_ASSETS, ViewStatus, type ApiEndpoint } from './request-plan.js';

/** Settings of the view handler. */
export interface ViewOptions {
  /** The project shown; undefined when the server has no default project (the API then says so). */
  readonly root: string | undefined;
  readonly services: ProjectServices;
  /** Folder of the built page (defaults to the one shipped beside the bundle). */
  readonly assetsDir?: string;
  /** How often the index files are looked at for live updates. */
  readonly pollMs?: number;
}

/** A mounted view. */
export interface ViewHandler {
  /** Answers one request whose path is under `/view`. Event streams stay open after it resolves. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /**
   * Opens the project's index and builds the map's data ahead of the first page (on the Linux
   * kernel about 4 s), so a page opened once the server says it is ready paints at once.
   */
  warm(): Promise<void>;
  /** Ends every event stream and stops watching the index. Idempotent. */
  close(): void;
}

/** Headers of every answer: nothing is framed, sniffed, cached or sent elsewhere. */
const SAFE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
} as const;

/** Seconds between keep-alive comments on an event stream, so proxies and browsers keep it open. */
const KEEPALIVE_MS = 15_000;

/**
 * The folder of the built page: `view/` beside the bundled CLI (dist/bundle/view), or, for the
 * compiled modules the unit tests import (dist/src/view), the bundle's.
 */
export function defaultAssetsDir(): string {
  const here = fileURLToPath(new URL('.', import.meta.url));
  return /[\\/]src[\\/]view[\\/]?$/.test(here) ? join(here, '..', '..', 'bundle', 'view') : join(here, 'view');
}

/** Creates the handler. */
export function createViewHandler(options: ViewOptions): ViewHandler {
  const assetsDir = options.assetsDir ?? defaultAssetsDir();
  const root = options.root;
  const changes = root === undefined ? undefined : new IndexChanges(() => indexSignature(join(root, INDEX_DIR)), options.pollMs);
  const streams = new Set<ServerResponse>();
  return {
    async handle(req, res) {
      const plan = planViewRequest(req.method, req.url);
      req.resume();
      switch (plan.kind) {
        case 'refuse':
          return replyJson(res, { status: plan.status, body: { error: plan.message } }, plan.status === ViewStatus.MethodNotAllowed ? { allow: 'GET' } : {});
        case 'redirect':
          res.writeHead(ViewStatus.Found, { ...SAFE_HEADERS, location: plan.location, 'content-length': 0 });
          res.end();
          return;
        case 'asset':
          return replyAsset(res, assetsDir, plan.name);
        case 'api':
          return replyJson(res, await answerApi(options, plan.endpoint, plan.query));
        case 'events':
          if (changes === undefined) return replyJson(res, noProject());
          openStream(res, changes, streams);
          return;
      }
    },
    async warm() {
      if (root !== undefined) await options.services.use(root, async (index) => mapIndexOf(index.store));
    },
    close() {
      changes?.close();
      for (const res of streams) res.end();
      streams.clear();
    },
  };
}

async function answerApi(options: ViewOptions, endpoint: ApiEndpoint, query: URLSearchParams): Promise<ApiAnswer> {
  const root = options.root;
  if (root === undefined) return noProject();
  const answered = await options.services.use(root, async (index) => apiOf(index, endpoint, query));
  return answered?.value ?? fail(ViewStatus.NotFound, `${root} has no index; run \`codegraph init ${root}\` first, then reload the page`);
}

function apiOf(index: ProjectIndex, endpoint: ApiEndpoint, query: URLSearchParams): ApiAnswer {
  switch (endpoint) {
    case 'map':
      return mapAnswer(index.store, query);
    case 'search':
      return searchAnswer(index.store, query);
    case 'symbol':
      return symbolAnswer(index.store, query);
    case 'source':
      return sourceAnswer(index.store, projectFiles(index), query);
    case 'impact':
      return impactAnswer(index.store, projectFiles(index), query);
  }
}

/** The project's files through the freshness probe: inside the root only, secrets withheld. */
function projectFiles(index: ProjectIndex): SourceFiles {
  const probe = new FreshnessProbe(index.root, index.store);
  return {
    inside: (path) => lexicalProjectPath(index.root, path)?.relative,
    freshness: (path) => probe.check(path),
    read: (path) => probe.readCurrent(path),
  };
}

function noProject(): ApiAnswer {
  return fail(ViewStatus.NotFound, 'this server has no default project: start it with --path DIR to view that project');
}

function openStream(res: ServerResponse, changes: IndexChanges, streams: Set<ServerResponse>): void {
  res.writeHead(ViewStatus.Ok, { ...SAFE_HEADERS, 'content-type': 'text/event-stream', connection: 'keep-alive' });
  res.write(`retry: 1000\nevent: hello\ndata: ${JSON.stringify({ version: changes.current() })}\n\n`);
  streams.add(res);
  const stop = changes.listen((version) => res.write(`event: index\ndata: ${JSON.stringify({ version })}\n\n`));
  const keepalive = setInterval(() => res.write(': keep-alive\n\n'), KEEPALIVE_MS);
  keepalive.unref();
  res.once('close', () => {
    stop();
    clearInterval(keepalive);
    streams.delete(res);
  });
}

function replyAsset(res: ServerResponse, dir: string, name: string): void {
  let bytes: Buffer;
  try {
    // `name` is a key of VIEW_ASSETS, never a path from the request.
    bytes = readFileSync(join(dir, name));
  } catch {
    replyJson(res, fail(ViewStatus.NotFound, `the page's file ${name} is missing from ${dir}; build the package (npm run build)`));
    return;
  }
  res.writeHead(ViewStatus.Ok, { ...SAFE_HEADERS, 'content-type': VIEW_ASSETS[name] ?? 'application/octet-stream', 'content-length': bytes.length });
  res.end(bytes);
}

function replyJson(res: ServerResponse, answer: ApiAnswer, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.writableEnded) return;
  const text = JSON.stringify(answer.body);
  res.writeHead(answer.status, { ...SAFE_HEADERS, ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
