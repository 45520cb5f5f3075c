/**
 * A JSONC reader that keeps positions: every value, key and comma is located by its offset in
 * the text, so an editor can change one entry and leave every other byte (comments, trailing
 * commas, key order, indentation) exactly as it was.
 */

/** A value with the span `[start, end)` it occupies in the text. */
export type JsoncNode = JsoncObject | JsoncArray | JsoncScalar;

/** One member of an object or element of an array, with the comma that follows it, if any. */
export interface JsoncItem {
  /** The member's key (objects only). */
  readonly key?: string;
  /** Where the item starts: its key for a member, its value for an element. */
  readonly start: number;
  readonly value: JsoncNode;
  /** Offset of the comma after the value, when there is one. */
  readonly comma: number | undefined;
}

/** An object or array. `end` is just past its closing bracket. */
export interface JsoncContainer {
  readonly kind: 'object' | 'array';
  readonly start: number;
  readonly end: number;
  readonly items: readonly JsoncItem[];
}

/** An object node. */
export interface JsoncObject extends JsoncContainer {
  readonly kind: 'object';
}

/** An array node. */
export interface JsoncArray extends JsoncContainer {
  readonly kind: 'array';
}

/** A string, number, boolean or null, with its parsed value. */
export interface JsoncScalar {
  readonly kind: 'scalar';
  readonly start: number;
  readonly end: number;
  readonly value: string | number | boolean | null;
}

/** A plain JSON value. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** The outcome of reading a JSONC text: the root value, or where and why it does not parse. */
export type JsoncParse =
  | { readonly kind: 'ok'; readonly root: JsoncNode | undefined }
  | { readonly kind: 'invalid'; readonly line: number; readonly column: number; readonly message: string };

class ParseFailure extends Error {
  readonly offset: number;
  constructor(offset: number, message: string) {
    super(message);
    this.offset = offset;
  }
}

/** Parses JSONC (JSON with comments and trailing commas). An empty text has no root. */
export function parseJsonc(text: string): JsoncParse {
  const reader = new Reader(text);
  try {
    reader.skip();
    if (reader.pos >= text.length) return { kind: 'ok', root: undefined };
    const root = reader.value();
    reader.skip();
    if (reader.pos < text.length) throw new ParseFailure(reader.pos, 'unexpected text after the top-level value');
    return { kind: 'ok', root };
  } catch (error) {
    if (!(error instanceof ParseFailure)) throw error;
    const { line, column } = lineColumn(text, error.offset);
    return { kind: 'invalid', line, column, message: error.message };
  }
}

/** 1-based line and column of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** The plain value of a node. */
export function plainValue(node: JsoncNode): JsonValue {
  if (node.kind === 'scalar') return node.value;
  if (node.kind === 'array') return node.items.map((item) => plainValue(item.value));
  const out: Record<string, JsonValue> = {};
  for (const item of node.items) out[item.key ?? ''] = plainValue(item.value);
  return out;
}

/** The member of an object with this key (the last one, as JSON readers keep the last). */
export function member(node: JsoncNode | undefined, key: string): JsoncItem | undefined {
  if (node?.kind !== 'object') return undefined;
  let found: JsoncItem | undefined;
  for (const item of node.items) if (item.key === key) found = item;
  return found;
}

class Reader {
  pos = 0;
  private readonly text: string;
  constructor(text: string) {
    this.text = text;
    if (text.charCodeAt(0) === 0xfeff) this.pos = 1;
  }

  /** Skips whitespace and comments. */
  skip(): void {
    const t = this.text;
    for (;;) {
      const c = t[this.pos];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') this.pos++;
      else if (c === '/' && t[this.pos + 1] === '/') {
        const nl = t.indexOf('\n', this.pos);
        this.pos = nl < 0 ? t.length : nl;
      } else if (c === '/' && t[this.pos + 1] === '*') {
        const close = t.indexOf('*/', this.pos + 2);
        if (close < 0) throw new ParseFailure(this.pos, 'unterminated block comment');
        this.pos = close + 2;
      } else return;
    }
  }

  value(): JsoncNode {
    const c = this.text[this.pos];
    if (c === '{' || c === '[') return this.container(c === '{' ? 'object' : 'array');
    if (c === '"') {
      const start = this.pos;
      const value = this.string();
      return { kind: 'scalar', start, end: this.pos, value };
    }
    const match = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(this.text.slice(this.pos, this.pos + 400));
    if (match === null) throw new ParseFailure(this.pos, c === undefined ? 'unexpected end of file' : `unexpected character ${JSON.stringify(c)}`);
    const start = this.pos;
    this.pos += match[0].length;
    const word = match[0];
    const value = word === 'true' ? true : word === 'false' ? false : word === 'null' ? null : Number(word);
    return { kind: 'scalar', start, end: this.pos, value };
  }

  private container(kind: 'object' | 'array'): JsoncNode {
    const start = this.pos;
    const close = kind === 'object' ? '}' : ']';
    this.pos++;
    const items: JsoncItem[] = [];
    for (;;) {
      this.skip();
      if (this.text[this.pos] === close) break;
      if (items.length > 0 && items[items.length - 1]?.comma === undefined) {
        throw new ParseFailure(this.pos, `expected "," or "${close}"`);
      }
      const itemStart = this.pos;
      let key: string | undefined;
      if (kind === 'object') {
        if (this.text[this.pos] !== '"') throw new ParseFailure(this.pos, 'expected a quoted key');
        key = this.string();
        this.skip();
        if (this.text[this.pos] !== ':') throw new ParseFailure(this.pos, 'expected ":"');
        this.pos++;
        this.skip();
      }
      const value = this.value();
      this.skip();
      let comma: number | undefined;
      if (this.text[this.pos] === ',') comma = this.pos++;
      items.push(key === undefined ? { start: itemStart, value, comma } : { key, start: itemStart, value, comma });
    }
    this.pos++;
    return { kind, start, end: this.pos, items };
  }

  private string(): string {
    const start = this.pos;
    this.pos++;
    for (;;) {
      const c = this.text[this.pos];
      if (c === undefined || c === '\n') throw new ParseFailure(start, 'unterminated string');
      if (c === '\\') this.pos += 2;
      else if (c === '"') break;
      else this.pos++;
    }
    this.pos++;
    try {
      return JSON.parse(this.text.slice(start, this.pos)) as string;
    } catch {
      throw new ParseFailure(start, 'invalid escape in string');
    }
  }
}
