/**
 * What a conforming stdio JSON-RPC 2.0 server must answer for a byte stream, derived from the
 * JSON-RPC 2.0 specification plus the MCP rules codegraph follows: ids are strings or safe
 * integers, an error whose id cannot be echoed has no id key, a batch array is one id-less
 * -32600, and a line over the cap is one id-less error. The oracle never looks at the server.
 */

/** The per-line byte cap the server enforces (16 MiB). */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

/** A key that tells id 1 from id "1". */
export function idKey(id: string | number): string {
  return `${typeof id}:${String(id)}`;
}

/** True for a value JSON-RPC as used by MCP accepts as a request id. */
export function isId(value: unknown): value is string | number {
  return typeof value === 'string' || Number.isSafeInteger(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function has(object: Record<string, unknown>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/** Answers a server owes for everything fed so far. */
export class AnswerOracle {
  /** Error responses owed without an id (parse errors, batches, unreadable ids, oversize lines). */
  idless = 0;
  /** Requests per id: each is owed exactly one response unless a cancel for that id was seen. */
  readonly requests = new Map<string, number>();
  /** Invalid messages whose id was readable: each is owed one error with that id, cancel or not. */
  readonly invalidWithId = new Map<string, number>();
  /** Ids named by a well-formed notifications/cancelled; their requests may go unanswered. */
  readonly cancelled = new Set<string>();
  /** Lines that were requests, notifications, responses, etc. (for the report). */
  readonly tally = { lines: 0, requests: 0, notifications: 0, responses: 0, invalid: 0, parseErrors: 0, batches: 0, oversize: 0 };
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  readonly #decoder = new TextDecoder('utf-8');

  /** Feeds bytes exactly as written to the server's stdin. */
  push(bytes: Uint8Array): void {
    let start = 0;
    for (;;) {
      const newline = bytes.indexOf(0x0a, start);
      if (newline === -1) break;
      this.#pending.push(Buffer.from(bytes.subarray(start, newline)));
      this.#pendingBytes += newline - start;
      this.#flushLine();
      start = newline + 1;
    }
    if (start < bytes.length) {
      this.#pending.push(Buffer.from(bytes.subarray(start)));
      this.#pendingBytes += bytes.length - start;
    }
  }

  /** End of input: a final unterminated line still counts. */
  end(): void {
    if (this.#pendingBytes > 0) this.#flushLine();
  }

  #flushLine(): void {
    const size = this.#pendingBytes;
    const line = Buffer.concat(this.#pending);
    this.#pending = [];
    this.#pendingBytes = 0;
    if (size > MAX_LINE_BYTES) {
      this.tally.oversize++;
      this.idless++;
      return;
    }
    const body = line.length > 0 && line[line.length - 1] === 0x0d ? line.subarray(0, line.length - 1) : line;
    const text = this.#decoder.decode(body);
    if (text.trim() === '') return;
    this.tally.lines++;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    // The protocol's bound: text nested deeper than 512 arrays and objects is a parse error.
    if (value === undefined || nestingOf(value) > 512) {
      this.tally.parseErrors++;
      this.idless++;
      return;
    }
    this.#classify(value);
  }

  #invalid(id: unknown): void {
    this.tally.invalid++;
    if (isId(id)) bump(this.invalidWithId, idKey(id));
    else this.idless++;
  }

  #classify(value: unknown): void {
    if (Array.isArray(value)) {
      this.tally.batches++;
      this.idless++;
      return;
    }
    if (!isObject(value)) {
      this.#invalid(undefined);
      return;
    }
    const id = value['id'];
    if (value['jsonrpc'] !== '2.0') return this.#invalid(id);
    if (has(value, 'method')) {
      if (typeof value['method'] !== 'string') return this.#invalid(id);
      const params = value['params'];
      if (has(value, 'params') && !isObject(params) && !Array.isArray(params)) return this.#invalid(id);
      if (!has(value, 'id')) {
        this.tally.notifications++;
        if (value['method'] === 'notifications/cancelled' && isObject(params)) {
          const target = params['requestId'];
          if (typeof target === 'string' || typeof target === 'number') this.cancelled.add(idKey(target));
        }
        return;
      }
      if (!isId(id)) return this.#invalid(id);
      this.tally.requests++;
      bump(this.requests, idKey(id));
      return;
    }
    const hasResult = has(value, 'result');
    const hasError = has(value, 'error');
    if (hasResult === hasError) return this.#invalid(id);
    if (hasResult) {
      if (!isId(id)) return this.#invalid(id);
      this.tally.responses++;
      return;
    }
    const error = value['error'];
    if (!isObject(error) || !Number.isSafeInteger(error['code']) || typeof error['message'] !== 'string') return this.#invalid(id);
    // An error reply with a null or missing id is still a reply: it must not be answered.
    if (id !== null && has(value, 'id') && !isId(id)) return this.#invalid(id);
    this.tally.responses++;
  }
}

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** How deeply arrays and objects nest in a parsed value (a scalar is 0), walked without recursion. */
function nestingOf(root: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[root, 0]];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const [value, depth] = item;
    if (value === null || typeof value !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Object.values(value)) stack.push([child, depth + 1]);
  }
  return deepest;
}
