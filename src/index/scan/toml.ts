/**
 * A small TOML reader for the subset control files use: `[table]` and `[dotted.table]` headers,
 * bare, quoted and dotted keys, basic and literal strings, integers, floats, booleans, arrays of
 * those (over several lines too) and `#` comments. Anything else is reported, never guessed.
 */

/** A TOML value this reader produces. */
export type TomlValue = string | number | boolean | readonly TomlValue[] | TomlTable;

/** A TOML table: keys in file order. */
export interface TomlTable {
  readonly [key: string]: TomlValue;
}

/** The outcome of reading TOML: the document's root table, or where and why it is invalid. */
export type TomlResult =
  | { readonly kind: 'ok'; readonly value: TomlTable }
  | { readonly kind: 'invalid'; readonly line: number; readonly column: number; readonly message: string };

/** Thrown inside the reader only; `parseToml` turns it into an `invalid` result. */
class TomlSyntaxError extends Error {
  readonly offset: number;
  constructor(message: string, offset: number) {
    super(message);
    this.offset = offset;
  }
}

type MutableTable = Record<string, TomlValue>;

const BARE_KEY = /[A-Za-z0-9_-]/;
const ESCAPES: Readonly<Record<string, string>> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', '"': '"', '\\': '\\' };

/** Parses `text`; never throws. Line and column of an error are 1-based. */
export function parseToml(text: string): TomlResult {
  const reader = new Reader(text);
  try {
    return { kind: 'ok', value: reader.document() };
  } catch (error) {
    // Anything else (a stack overflow on absurdly nested arrays, say) is still bad input here.
    const syntax = error instanceof TomlSyntaxError ? error : new TomlSyntaxError('input is nested too deeply', reader.offset);
    const { line, column } = position(text, syntax.offset);
    return { kind: 'invalid', line, column, message: syntax.message };
  }
}

function position(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text[i] === '\n') {
      line++;
      start = i + 1;
    }
  }
  return { line, column: offset - start + 1 };
}

/** Sets an own property, so that a key such as "__proto__" is data and never a prototype. */
function define(table: MutableTable, key: string, value: TomlValue): void {
  Object.defineProperty(table, key, { value, enumerable: true, writable: true, configurable: true });
}

function isTable(value: TomlValue | undefined): value is MutableTable {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A cursor over the text; each method consumes what it reads. */
class Reader {
  private readonly text: string;
  private at = 0;
  private readonly root: MutableTable = {};
  /** Tables opened by a `[header]`, so a second header for the same table is an error. */
  private readonly declared = new Set<MutableTable>();

  constructor(text: string) {
    this.text = text;
  }

  /** Where reading stopped. */
  get offset(): number {
    return this.at;
  }

  document(): TomlTable {
    let table = this.root;
    for (;;) {
      this.skipBlankAndComments();
      if (this.at >= this.text.length) return this.root;
      if (this.peek() === '[') table = this.header();
      else this.keyValue(table);
      this.endOfLine();
    }
  }

  private header(): MutableTable {
    const start = this.at;
    this.at++;
    if (this.peek() === '[') throw new TomlSyntaxError('arrays of tables ([[...]]) are not supported', start);
    this.spaces();
    const path = this.keyPath();
    this.spaces();
    this.expect(']', 'expected "]" to close the table header');
    const table = this.descend(this.root, path, start);
    if (this.declared.has(table)) throw new TomlSyntaxError(`table [${path.join('.')}] is defined twice`, start);
    this.declared.add(table);
    return table;
  }

  private keyValue(table: MutableTable): void {
    const start = this.at;
    const path = this.keyPath();
    this.spaces();
    this.expect('=', `expected "=" after key "${path.join('.')}"`);
    this.spaces();
    const value = this.value();
    const last = path[path.length - 1] ?? '';
    const target = this.descend(table, path.slice(0, -1), start);
    if (Object.hasOwn(target, last)) throw new TomlSyntaxError(`key "${path.join('.')}" is defined twice`, start);
    define(target, last, value);
  }

  /** The table at `path` below `from`, created where missing. */
  private descend(from: MutableTable, path: readonly string[], offset: number): MutableTable {
    let table = from;
    for (const key of path) {
      const existing = Object.hasOwn(table, key) ? table[key] : undefined;
      if (existing === undefined) {
        const created: MutableTable = {};
        define(table, key, created);
        table = created;
      } else if (isTable(existing)) {
        table = existing;
      } else {
        throw new TomlSyntaxError(`key "${key}" is already a value, not a table`, offset);
      }
    }
    return table;
  }

  private keyPath(): string[] {
    const path = [this.key()];
    for (;;) {
      this.spaces();
      if (this.peek() !== '.') return path;
      this.at++;
      this.spaces();
      path.push(this.key());
    }
  }

  private key(): string {
    const c = this.peek();
    if (c === '"') return this.basicString();
    if (c === "'") return this.literalString();
    const start = this.at;
    while (this.at < this.text.length && BARE_KEY.test(this.text[this.at] ?? '')) this.at++;
    if (this.at === start) throw new TomlSyntaxError(c === undefined ? 'expected a key' : `expected a key, found "${c}"`, start);
    return this.text.slice(start, this.at);
  }

  private value(): TomlValue {
    const c = this.peek();
    if (c === '"') {
      if (this.text.startsWith('"""', this.at)) throw new TomlSyntaxError('multi-line strings are not supported', this.at);
      return this.basicString();
    }
    if (c === "'") {
      if (this.text.startsWith("'''", this.at)) throw new TomlSyntaxError('multi-line strings are not supported', this.at);
      return this.literalString();
    }
    if (c === '[') return this.array();
    if (c === '{') throw new TomlSyntaxError('inline tables ({...}) are not supported; use a [table] header', this.at);
    return this.scalar();
  }

  private array(): TomlValue[] {
    this.at++;
    const items: TomlValue[] = [];
    for (;;) {
      this.skipBlankAndComments();
      if (this.peek() === ']') break;
      items.push(this.value());
      this.skipBlankAndComments();
      if (this.peek() === ',') {
        this.at++;
        continue;
      }
      if (this.peek() !== ']') throw new TomlSyntaxError('expected "," or "]" in an array', this.at);
    }
    this.at++;
    return items;
  }

  /** A boolean or a number: the bare token up to a delimiter. */
  private scalar(): boolean | number {
    const start = this.at;
    while (this.at < this.text.length && !/[\s,\]#]/.test(this.text[this.at] ?? '')) this.at++;
    const token = this.text.slice(start, this.at);
    if (token === 'true') return true;
    if (token === 'false') return false;
    if (/^[+-]?(0|[1-9](_?\d)*)$/.test(token)) return Number(token.replaceAll('_', ''));
    if (/^[+-]?(0|[1-9](_?\d)*)(\.\d(_?\d)*)?([eE][+-]?\d(_?\d)*)?$/.test(token)) return Number(token.replaceAll('_', ''));
    if (token === '') throw new TomlSyntaxError('expected a value', start);
    throw new TomlSyntaxError(`unsupported value "${token}" (expected a string, number, boolean or array)`, start);
  }

  private basicString(): string {
    const start = this.at;
    this.at++;
    let out = '';
    for (;;) {
      const c = this.text[this.at];
      if (c === undefined || c === '\n') throw new TomlSyntaxError('unterminated string', start);
      this.at++;
      if (c === '"') return out;
      if (c !== '\\') {
        out += c;
        continue;
      }
      out += this.escape();
    }
  }

  private escape(): string {
    const at = this.at - 1;
    const e = this.text[this.at++] ?? '';
    const simple = ESCAPES[e];
    if (simple !== undefined) return simple;
    const digits = e === 'u' ? 4 : e === 'U' ? 8 : 0;
    const hex = this.text.slice(this.at, this.at + digits);
    if (digits === 0 || !new RegExp(`^[0-9A-Fa-f]{${digits}}$`).test(hex)) throw new TomlSyntaxError(`invalid escape "\\${e}"`, at);
    const code = parseInt(hex, 16);
    if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) throw new TomlSyntaxError(`invalid Unicode escape "\\${e}${hex}"`, at);
    this.at += digits;
    return String.fromCodePoint(code);
  }

  private literalString(): string {
    const start = this.at;
    const end = this.text.indexOf("'", start + 1);
    const newline = this.text.indexOf('\n', start + 1);
    if (end < 0 || (newline >= 0 && newline < end)) throw new TomlSyntaxError('unterminated string', start);
    this.at = end + 1;
    return this.text.slice(start + 1, end);
  }

  /** After a header or key/value: only spaces and a comment may follow on the line. */
  private endOfLine(): void {
    this.spaces();
    if (this.peek() === '#') this.comment();
    if (this.at >= this.text.length) return;
    if (this.text.startsWith('\r\n', this.at)) this.at += 2;
    else if (this.peek() === '\n') this.at++;
    else throw new TomlSyntaxError(`expected the end of the line, found "${this.peek() ?? ''}"`, this.at);
  }

  private skipBlankAndComments(): void {
    for (;;) {
      const c = this.peek();
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') this.at++;
      else if (c === '#') this.comment();
      else return;
    }
  }

  private comment(): void {
    const end = this.text.indexOf('\n', this.at);
    this.at = end < 0 ? this.text.length : end;
  }

  private spaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.at++;
  }

  private peek(): string | undefined {
    return this.text[this.at];
  }

  private expect(char: string, message: string): void {
    if (this.peek() !== char) throw new TomlSyntaxError(message, this.at);
    this.at++;
  }
}
