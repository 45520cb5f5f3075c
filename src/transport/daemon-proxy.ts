/**
 * Pipes an MCP stdio session to a project daemon's socket, line by line. Remembers the session's
 * `initialize` so that, when the daemon goes away (killed, index re-created), the next message
 * re-attaches to a new daemon and replays the handshake; requests in flight when it went away
 * are answered with an error instead of hanging.
 */
import type { Duplex, Readable, Writable } from 'node:stream';
import { ErrorCode } from '../jsonrpc/errors.js';
import { DEFAULT_MAX_LINE_BYTES, LineDecoder, type FramedLine } from '../jsonrpc/framing.js';
import { errorResponse } from '../jsonrpc/message.js';

/** Options of `proxySession`. */
export interface ProxyOptions {
  readonly input: Readable;
  readonly output: Writable;
  /** The daemon connection, already introduced with `hello`. */
  readonly socket: Duplex;
  /**
   * A new connection after the daemon went away (to a new daemon, or to a stand-in that answers
   * in this process), or undefined when none can be had.
   */
  readonly reconnect: () => Promise<Duplex | undefined>;
  readonly log: (line: string) => void;
}

/** The id the proxy gives a replayed `initialize`; its answer is not forwarded. */
const REPLAY_ID = 'codegraph-proxy-replay';

/** One proxied session. */
class Proxy {
  readonly #options: ProxyOptions;
  #socket: Duplex | undefined;
  #fromDaemon = new LineDecoder({ maxLineBytes: Number.MAX_SAFE_INTEGER });
  readonly #pending = new Map<string, unknown>();
  #initialize: Record<string, unknown> | undefined;
  #initialized: string | undefined;
  #inputEnded = false;
  /** True while a drain listener is waiting on the output, so back-pressure adds no second one. */
  #awaitingDrain = false;
  #queue: Promise<void> = Promise.resolve();
  #closed!: () => void;
  readonly done = new Promise<void>((resolve) => (this.#closed = resolve));

  constructor(options: ProxyOptions) {
    this.#options = options;
    this.#adopt(options.socket);
  }

  #adopt(socket: Duplex): void {
    this.#socket = socket;
    this.#fromDaemon = new LineDecoder({ maxLineBytes: Number.MAX_SAFE_INTEGER });
    socket.on('data', (chunk: Buffer) => {
      for (const line of this.#fromDaemon.push(chunk)) if (line.kind === 'line') this.#toClient(line.text);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => this.#lost(socket));
  }

  /** One line from the client: remembered for replay and tracked when it is a request. */
  fromClient(text: string): void {
    let message: Record<string, unknown> | undefined;
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) message = parsed as Record<string, unknown>;
    } catch {
      message = undefined;
    }
    if (message?.['method'] === 'initialize') this.#initialize = message;
    if (message?.['method'] === 'notifications/initialized') this.#initialized = text;
    if (message !== undefined && typeof message['method'] === 'string' && 'id' in message) this.#pending.set(JSON.stringify(message['id']), message['id']);
    this.#queue = this.#queue.then(() => this.#send(text));
  }

  async #send(text: string): Promise<void> {
    if (this.#socket === undefined) await this.#reattach();
    const socket = this.#socket;
    if (socket === undefined) {
      this.#failPending('the codegraph daemon is not running and could not be started; see .codegraph/daemon.log');
      return;
    }
    socket.write(`${text}\n`);
  }

  async #reattach(): Promise<void> {
    const socket = await this.#options.reconnect();
    if (socket === undefined) return;
    this.#options.log('re-attached');
    this.#adopt(socket);
    if (this.#initialize !== undefined) socket.write(`${JSON.stringify({ ...this.#initialize, id: REPLAY_ID })}\n`);
    if (this.#initialized !== undefined) socket.write(`${this.#initialized}\n`);
  }

  #toClient(text: string): void {
    let id: unknown;
    try {
      const parsed = JSON.parse(text) as Record<string, unknown>;
      if (!('method' in parsed)) id = parsed['id'];
    } catch {
      id = undefined;
    }
    if (id === REPLAY_ID) return;
    if (id !== undefined) this.#pending.delete(JSON.stringify(id));
    if (!this.#options.output.write(`${text}\n`) && !this.#awaitingDrain) {
      // Back-pressure: stop reading the daemon until the client has taken what was written. One
      // drain listener at a time: lines already read from a paused socket must not each add one.
      const socket = this.#socket;
      socket?.pause();
      this.#awaitingDrain = true;
      this.#options.output.once('drain', () => {
        this.#awaitingDrain = false;
        socket?.resume();
      });
    }
  }

  /** The client closed its input: let the daemon finish, then end. */
  endInput(): void {
    this.#inputEnded = true;
    void this.#queue.then(() => {
      if (this.#socket === undefined) this.#closed();
      else this.#socket.end();
    });
  }

  #lost(socket: Duplex): void {
    if (socket !== this.#socket) return;
    this.#socket = undefined;
    if (this.#inputEnded) {
      this.#closed();
      return;
    }
    this.#options.log('the daemon connection closed; the next message re-attaches');
    this.#failPending('the codegraph daemon went away during this request; call again');
  }

  #failPending(message: string): void {
    for (const id of this.#pending.values()) {
      this.#options.output.write(`${JSON.stringify({ jsonrpc: '2.0', id, error: { code: ErrorCode.InternalError, message } })}\n`);
    }
    this.#pending.clear();
  }
}

/** Proxies until the client's input ends and the daemon has answered everything sent. */
export async function proxySession(options: ProxyOptions): Promise<void> {
  const proxy = new Proxy(options);
  const decoder = new LineDecoder({ maxLineBytes: DEFAULT_MAX_LINE_BYTES });
  for await (const chunk of options.input) {
    const bytes: Uint8Array = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : (chunk as Uint8Array);
    for (const line of decoder.push(bytes)) forward(proxy, line, options.output);
  }
  for (const line of decoder.end()) forward(proxy, line, options.output);
  proxy.endInput();
  await proxy.done;
}

function forward(proxy: Proxy, line: FramedLine, output: Writable): void {
  if (line.kind === 'line') {
    proxy.fromClient(line.text);
    return;
  }
  // Answered here exactly as the stdio transport does: the line never reaches the daemon.
  const error = errorResponse(undefined, ErrorCode.InvalidRequest, `Invalid Request: line exceeded ${DEFAULT_MAX_LINE_BYTES} bytes`, {
    maxLineBytes: DEFAULT_MAX_LINE_BYTES,
    lineBytes: line.bytes,
  });
  output.write(`${JSON.stringify(error)}\n`);
}
