import { ErrorCode, ProtocolError } from '../jsonrpc/errors.js';
import { errorResponse, successResponse, type JsonRpcId, type Incoming } from '../jsonrpc/message.js';
import type { Peer } from '../jsonrpc/peer.js';
import { hasModernMeta, selectEra, type Era } from './era.js';
import { instructionsFor } from './instructions.js';
import { FALLBACK_REVISION, META, negotiateLegacy, SUPPORTED_REVISIONS } from './revisions.js';
import type { ToolService } from './tool-service.js';
import { initializeWorkspacePaths, rootsListPaths } from './workspace-paths.js';

/** Server identity reported in `initialize` and in modern result `_meta`. */
export interface ServerInfo {
  readonly name: string;
  readonly version: string;
}

/** Per-instance settings a transport may give the dispatcher. */
export interface McpServerOptions {
  /**
   * The handshake-era revision requests without modern `_meta` are served at before any
   * `initialize` (a stateless transport passes the revision its request headers name).
   */
  readonly legacyRevision?: string;
}

/** How long clients may cache list results, in milliseconds. */
export const LIST_TTL_MS = 300_000;

const CAPABILITIES = { tools: {} } as const;
const MAX_REMEMBERED_CANCELS = 1024;
const ROOTS_TIMEOUT_MS = 5_000;

type Params = Readonly<Record<string, unknown>> | undefined;
type Handler = (params: Params, era: Era, context: RequestContext) => Promise<Record<string, unknown>> | Record<string, unknown>;

interface RequestContext {
  readonly id: JsonRpcId;
  readonly signal: AbortSignal;
  readonly peer: Peer;
}

/**
 * The MCP dispatcher for both protocol eras. Transport-agnostic: it receives classified messages
 * and a peer to answer through. One instance serves one stdio process (legacy state is scoped to
 * it); modern requests are served statelessly whatever came before.
 */
export class McpServer {
  private readonly info: ServerInfo;
  private readonly tools: ToolService;
  private legacyRevision: string = FALLBACK_REVISION;
  private clientWantsRoots = false;
  private readonly inFlight = new Map<JsonRpcId, AbortController>();
  private readonly cancelledEarly = new Set<JsonRpcId>();
  private readonly pendingServerRequests = new Map<JsonRpcId, (result: unknown) => void>();
  private nextServerRequestId = 1;
  private readonly methods: ReadonlyMap<string, Handler>;

  constructor(info: ServerInfo, tools: ToolService, options: McpServerOptions = {}) {
    this.info = info;
    this.tools = tools;
    if (options.legacyRevision !== undefined) this.legacyRevision = options.legacyRevision;
    this.methods = new Map<string, Handler>([
      ['initialize', (p) => this.initialize(p)],
      ['ping', () => ({})],
      ['server/discover', () => this.discover()],
      ['tools/list', (p) => this.list(p, { tools: this.tools.list() })],
      ['tools/call', (p, _era, ctx) => this.callTool(p, ctx)],
      ['prompts/list', (p) => this.list(p, { prompts: [] })],
      ['resources/list', (p) => this.list(p, { resources: [] })],
      ['resources/templates/list', (p) => this.list(p, { resourceTemplates: [] })],
      ['completion/complete', () => ({ completion: { values: [], total: 0, hasMore: false } })],
    ]);
  }

  /** Handles one incoming message; answers requests through `peer`, never notifications. */
  async handle(incoming: Incoming, peer: Peer): Promise<void> {
    this.lastPeer = peer;
    switch (incoming.kind) {
      case 'request':
        await this.request(incoming.message.id, incoming.message.method, incoming.message.params, peer);
        return;
      case 'notification':
        this.notification(incoming.message.method, incoming.message.params);
        return;
      case 'response': {
        const replyTo = incoming.message.id;
        const resolve = replyTo === undefined ? undefined : this.pendingServerRequests.get(replyTo);
        if (replyTo !== undefined && resolve !== undefined) {
          this.pendingServerRequests.delete(replyTo);
          resolve('result' in incoming.message ? incoming.message.result : undefined);
        }
        return;
      }
      case 'batch':
        // Batches were only ever legal in 2025-03-26 and are gone since; one error answers the array.
        await peer.send(errorResponse(undefined, ErrorCode.InvalidRequest, 'Invalid Request: JSON-RPC batches are not supported; send one message per line'));
        return;
      case 'invalid':
        await peer.send(errorResponse(incoming.id, ErrorCode.InvalidRequest, `Invalid Request: ${incoming.reason}`));
        return;
    }
  }

  /** Aborts every request in flight (used when the input ends or the process shuts down). */
  abortAll(): void {
    for (const controller of this.inFlight.values()) controller.abort();
    for (const resolve of this.pendingServerRequests.values()) resolve(undefined);
    this.pendingServerRequests.clear();
  }

  private async request(id: JsonRpcId, method: string, rawParams: unknown, peer: Peer): Promise<void> {
    const controller = new AbortController();
    if (this.cancelledEarly.delete(id)) controller.abort();
    this.inFlight.set(id, controller);
    try {
      if (rawParams !== undefined && (rawParams === null || typeof rawParams !== 'object' || Array.isArray(rawParams))) {
        throw new ProtocolError(ErrorCode.InvalidParams, 'Invalid params: params must be an object');
      }
      const params = rawParams as Params;
      if (method === 'initialize' && hasModernMeta(params)) {
        throw new ProtocolError(ErrorCode.MethodNotFound, 'Method not found: initialize does not exist at 2026-07-28; send requests with per-request _meta instead');
      }
      const era = selectEra(params, this.legacyRevision);
      const handler = this.methods.get(method);
      if (handler === undefined || !this.servedIn(method, era)) {
        throw new ProtocolError(ErrorCode.MethodNotFound, `Method not found: ${method}`);
      }
      if (method === 'server/discover' && !hasModernMeta(params)) {
        throw new ProtocolError(ErrorCode.InvalidParams, `Invalid params: server/discover requires params._meta with "${META.protocolVersion}" and "${META.clientCapabilities}"`);
      }
      const result = await handler(params, era, { id, signal: controller.signal, peer });
      if (controller.signal.aborted) return;
      const shaped = method === 'server/discover' ? this.modernEnvelope(result) : this.envelope(result, era);
      await peer.send(successResponse(id, shaped));
    } catch (error) {
      if (controller.signal.aborted) return;
      if (error instanceof ProtocolError) {
        await peer.send(errorResponse(id, error.code, error.message, error.data));
      } else {
        process.stderr.write(`codegraph: internal error in ${method}: ${describe(error)}\n`);
        await peer.send(errorResponse(id, ErrorCode.InternalError, 'Internal error'));
      }
    } finally {
      this.inFlight.delete(id);
    }
  }

  private servedIn(method: string, era: Era): boolean {
    if (era.kind === 'modern') return method !== 'initialize' && method !== 'ping';
    return true;
  }

  private notification(method: string, params: unknown): void {
    const p = (params !== null && typeof params === 'object' ? params : {}) as Record<string, unknown>;
    if (method === 'notifications/cancelled') {
      const id = p['requestId'];
      if (typeof id !== 'string' && typeof id !== 'number') return;
      const controller = this.inFlight.get(id);
      if (controller !== undefined) {
        controller.abort();
      } else {
        // The cancel can overtake its request; remember a bounded number of such ids.
        if (this.cancelledEarly.size >= MAX_REMEMBERED_CANCELS) {
          const oldest = this.cancelledEarly.values().next();
          if (oldest.done !== true) this.cancelledEarly.delete(oldest.value);
        }
        this.cancelledEarly.add(id);
      }
      return;
    }
    if (method === 'notifications/initialized' || method === 'notifications/roots/list_changed') {
      // Deferred a turn so the initialize response, if still being written, goes out first.
      if (this.clientWantsRoots && !(this.tools.hasDefaultProject?.() ?? true)) setImmediate(() => void this.askRoots());
    }
  }

  private async initialize(params: Params): Promise<Record<string, unknown>> {
    const revision = negotiateLegacy(params?.['protocolVersion']);
    this.legacyRevision = revision;
    const caps = params?.['capabilities'];
    this.clientWantsRoots = caps !== null && typeof caps === 'object' && 'roots' in caps;
    // Adopted before answering, so the first tools/list already reflects the advertised workspace.
    const workspace = initializeWorkspacePaths(params);
    if (workspace.length > 0) await this.tools.adoptWorkspace?.(workspace);
    return {
      protocolVersion: revision,
      capabilities: CAPABILITIES,
      serverInfo: { name: this.info.name, version: this.info.version },
      instructions: this.instructions(),
    };
  }

  private discover(): Record<string, unknown> {
    return {
      supportedVersions: [...SUPPORTED_REVISIONS],
      capabilities: CAPABILITIES,
      instructions: this.instructions(),
      ttlMs: LIST_TTL_MS,
      cacheScope: 'private',
    };
  }

  /** The guide, naming only the tools this server lists. */
  private instructions(): string {
    return instructionsFor(this.tools.list().map((t) => t.name));
  }

  private list(params: Params, body: Record<string, unknown>): Record<string, unknown> {
    const cursor = params?.['cursor'];
    if (cursor !== undefined) {
      // Every list fits in one page, so no cursor was ever issued: any cursor is unknown.
      throw new ProtocolError(ErrorCode.InvalidParams, 'Invalid params: unknown cursor (this server returns every list in one page)');
    }
    return { ...body, ttlMs: LIST_TTL_MS, cacheScope: 'private' };
  }

  private async callTool(params: Params, ctx: RequestContext): Promise<Record<string, unknown>> {
    const name = params?.['name'];
    if (typeof name !== 'string') throw new ProtocolError(ErrorCode.InvalidParams, 'Invalid params: tools/call needs a string "name"');
    const meta = params?.['_meta'];
    const token = meta !== null && typeof meta === 'object' ? (meta as Record<string, unknown>)['progressToken'] : undefined;
    let last = -Infinity;
    const progress = (value: number, total?: number, message?: string): void => {
      if ((typeof token !== 'string' && typeof token !== 'number') || ctx.signal.aborted || !(value > last)) return;
      last = value;
      void ctx.peer.send({
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: token, progress: value, ...(total !== undefined ? { total } : {}), ...(message !== undefined ? { message } : {}) },
      });
    };
    const result = await this.tools.call(name, params?.['arguments'], { signal: ctx.signal, progress });
    return {
      content: [result.text, ...(result.moreText ?? [])].map((text) => ({ type: 'text', text })),
      ...(result.isError === true ? { isError: true } : {}),
    };
  }

  /** Shapes a result for its era: modern results carry resultType and the server's identity. */
  private envelope(result: Record<string, unknown>, era: Era): Record<string, unknown> {
    if (era.kind === 'legacy') {
      // Cache hints are modern-era fields; handshake-era results keep their original shape.
      const rest: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(result)) if (key !== 'ttlMs' && key !== 'cacheScope') rest[key] = value;
      return rest;
    }
    return this.modernEnvelope(result);
  }

  private modernEnvelope(result: Record<string, unknown>): Record<string, unknown> {
    return {
      ...result,
      resultType: 'complete',
      _meta: { [META.serverInfo]: { name: this.info.name, version: this.info.version } },
    };
  }

  private async askRoots(): Promise<void> {
    const id = `codegraph-roots-${this.nextServerRequestId++}`;
    const answer = new Promise<unknown>((resolve) => {
      this.pendingServerRequests.set(id, resolve);
      setTimeout(() => {
        if (this.pendingServerRequests.delete(id)) resolve(undefined);
      }, ROOTS_TIMEOUT_MS).unref();
    });
    // The peer is the last one that spoke; roots are only asked for over stdio, which has one.
    const peer = this.lastPeer;
    if (peer === undefined) return;
    await peer.send({ jsonrpc: '2.0', id, method: 'roots/list' });
    const paths = rootsListPaths(await answer);
    if (paths === undefined) return;
    await this.tools.adoptRoots?.(paths);
  }

  /** The peer used for server-initiated requests; set by the transport. */
  lastPeer: Peer | undefined;
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.stack ?? error.message;
  return String(error);
}
