/**
 * One client connection of a daemon: its own MCP server (each proxied session keeps its own
 * protocol era and state) over the shared tool service, with the `codegraph/daemon.*` control
 * methods answered before they reach MCP.
 */
import type { Readable, Writable } from 'node:stream';
import { ErrorCode, ProtocolError } from '../jsonrpc/errors.js';
import { errorResponse, successResponse, type Incoming, type JsonRpcId } from '../jsonrpc/message.js';
import type { Peer } from '../jsonrpc/peer.js';
import { McpServer } from '../mcp/server.js';
import type { ToolService } from '../mcp/tool-service.js';
import type { PromptQuery } from '../tools/prompt/prompt-context.js';
import { VERSION } from '../version.js';
import { isControlMethod, type CallParams, type HelloParams } from './control.js';

/** Answers a control method; throws ProtocolError for bad parameters. */
export type ControlHandler = (method: string, params: Readonly<Record<string, unknown>>, connection: DaemonConnectionState) => Promise<unknown> | unknown;

/**
 * Serves newline-framed JSON-RPC over a pair of streams (the stdio transport's `serveLines`,
 * passed in from above: the transport layer sits over the daemon).
 */
export type LineServer = (options: {
  readonly input: Readable;
  readonly output: Writable;
  readonly onMessage: (incoming: Incoming, peer: Peer) => Promise<void> | void;
  readonly onHandlerError?: (error: unknown) => void;
}) => Promise<void>;

/** What the daemon knows about one connection. */
export interface DaemonConnectionState {
  /** Set by `hello`. */
  hostPid: number | undefined;
  role: HelloParams['role'] | undefined;
  cwd: string | undefined;
  tools: string | undefined;
}

/** Options of `serveConnection`. */
export interface ServeConnectionOptions {
  readonly input: Readable;
  readonly output: Writable;
  readonly tools: ToolService;
  readonly control: ControlHandler;
  readonly state: DaemonConnectionState;
  readonly log: (line: string) => void;
  readonly serveLines: LineServer;
}

/** Serves one connection until its input ends; every in-flight request is settled first. */
export async function serveConnection(options: ServeConnectionOptions): Promise<void> {
  const server = new McpServer({ name: 'codegraph', version: VERSION }, options.tools);
  try {
    await options.serveLines({
      input: options.input,
      output: options.output,
      onMessage: (incoming, peer) => {
        if (incoming.kind === 'request' && isControlMethod(incoming.message.method)) return answerControl(incoming, peer, options);
        return server.handle(incoming, peer);
      },
      onHandlerError: (error) => options.log(`message handler failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
    });
  } finally {
    server.abortAll();
  }
}

async function answerControl(incoming: Extract<Incoming, { kind: 'request' }>, peer: Peer, options: ServeConnectionOptions): Promise<void> {
  const { id, method } = incoming.message;
  const raw = incoming.message.params;
  const params = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  try {
    const result = await options.control(method, params, options.state);
    await peer.send(successResponse(id as JsonRpcId, result ?? {}));
  } catch (error) {
    if (error instanceof ProtocolError) await peer.send(errorResponse(id, error.code, error.message));
    else await peer.send(errorResponse(id, ErrorCode.InternalError, `Internal error: ${error instanceof Error ? error.message : String(error)}`));
  }
}

/** Reads and checks `call`'s parameters. */
export function callParams(params: Readonly<Record<string, unknown>>): CallParams {
  const { name, arguments: args } = params;
  if (typeof name !== 'string') throw new ProtocolError(ErrorCode.InvalidParams, 'name must be a string');
  if (args !== undefined && (args === null || typeof args !== 'object' || Array.isArray(args))) throw new ProtocolError(ErrorCode.InvalidParams, 'arguments must be an object');
  return { name, arguments: (args ?? {}) as Record<string, unknown> };
}

/** Reads and checks `prompt`'s parameters. */
export function promptParams(params: Readonly<Record<string, unknown>>): PromptQuery {
  const { prompt, structural, tokens, phrases } = params;
  if (typeof prompt !== 'string') throw new ProtocolError(ErrorCode.InvalidParams, 'prompt must be a string');
  if (typeof structural !== 'boolean') throw new ProtocolError(ErrorCode.InvalidParams, 'structural must be a boolean');
  if (!Array.isArray(tokens) || !tokens.every((t) => typeof t === 'string')) throw new ProtocolError(ErrorCode.InvalidParams, 'tokens must be an array of strings');
  if (!Array.isArray(phrases) || !phrases.every((p) => Array.isArray(p) && p.every((w) => typeof w === 'string'))) throw new ProtocolError(ErrorCode.InvalidParams, 'phrases must be an array of arrays of strings');
  return { prompt, structural, tokens: tokens as string[], phrases: phrases as string[][] };
}

/** Reads and checks `hello`'s parameters. */
export function helloParams(params: Readonly<Record<string, unknown>>): HelloParams {
  const { hostPid, version, role, cwd, tools, nonce } = params;
  if (typeof hostPid !== 'number' || !Number.isInteger(hostPid) || hostPid <= 0) throw new ProtocolError(ErrorCode.InvalidParams, 'hostPid must be a positive whole number');
  if (typeof version !== 'string') throw new ProtocolError(ErrorCode.InvalidParams, 'version must be a string');
  if (role !== 'proxy' && role !== 'cli') throw new ProtocolError(ErrorCode.InvalidParams, 'role must be "proxy" or "cli"');
  if (cwd !== undefined && typeof cwd !== 'string') throw new ProtocolError(ErrorCode.InvalidParams, 'cwd must be a string');
  if (tools !== undefined && typeof tools !== 'string') throw new ProtocolError(ErrorCode.InvalidParams, 'tools must be a string');
  if (nonce !== undefined && typeof nonce !== 'string') throw new ProtocolError(ErrorCode.InvalidParams, 'nonce must be a string');
  return { hostPid, version, role, ...(cwd !== undefined ? { cwd } : {}), ...(tools !== undefined ? { tools } : {}), ...(nonce !== undefined ? { nonce } : {}) };
}
