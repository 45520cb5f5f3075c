/**
 * A control client of a daemon: connects to its socket and exchanges `codegraph/daemon.*`
 * requests as newline-framed JSON-RPC. A proxy takes the socket over after `hello`.
 */
import { connect, type Socket } from 'node:net';
import { LineDecoder } from '../jsonrpc/framing.js';
import { checkOwnSocket } from './socket-trust.js';

/** A request the daemon answered with an error. */
export class DaemonRequestError extends Error {
  override readonly name = 'DaemonRequestError';
  readonly code: number;

  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

/** One open control connection. */
export class DaemonClient {
  readonly socket: Socket;
  readonly #decoder = new LineDecoder({ maxLineBytes: 64 * 1024 * 1024 });
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #nextId = 1;
  #closedError: Error | undefined;
  readonly #onData = (chunk: Buffer): void => this.#receive(chunk);

  private constructor(socket: Socket) {
    this.socket = socket;
    socket.on('data', this.#onData);
    socket.on('close', () => this.#fail(new Error('the daemon closed the connection')));
    socket.on('error', (error) => this.#fail(error));
  }

  /**
   * Connects to `path`; rejects when nothing accepts there within `timeoutMs`, and at once with
   * `UntrustedSocketError` when the socket or its folder is not this user's own.
   */
  static connect(path: string, timeoutMs = 2000): Promise<DaemonClient> {
    try {
      checkOwnSocket(path);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      const socket = connect(path);
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`no answer on ${path} within ${timeoutMs} ms`));
      }, timeoutMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        resolve(new DaemonClient(socket));
      });
      socket.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  }

  /** Sends one request and resolves with its result. */
  request(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
    if (this.#closedError !== undefined) return Promise.reject(this.#closedError);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.socket.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
  }

  /** Stops reading for control replies; the caller owns the socket from now on. */
  release(): Socket {
    this.socket.off('data', this.#onData);
    return this.socket;
  }

  /** Closes the connection. */
  close(): void {
    this.socket.destroy();
  }

  #receive(chunk: Buffer): void {
    for (const line of this.#decoder.push(chunk)) {
      if (line.kind !== 'line') continue;
      let message: { id?: unknown; result?: unknown; error?: { code?: number; message?: string } };
      try {
        message = JSON.parse(line.text) as typeof message;
      } catch {
        continue;
      }
      const waiter = typeof message.id === 'number' ? this.#pending.get(message.id) : undefined;
      if (waiter === undefined) continue;
      this.#pending.delete(message.id as number);
      if (message.error !== undefined) waiter.reject(new DaemonRequestError(message.error.code ?? 0, message.error.message ?? 'error'));
      else waiter.resolve(message.result);
    }
  }

  #fail(error: Error): void {
    this.#closedError ??= error;
    for (const waiter of this.#pending.values()) waiter.reject(error);
    this.#pending.clear();
  }
}
