/**
 * Locating the first JSON syntax error. V8's `JSON.parse` messages only sometimes carry a
 * position, and a config error should say where to look.
 */

/** A 1-based line and column in a text. */
export interface TextPosition {
  readonly offset: number;
  readonly line: number;
  readonly column: number;
}

/** Converts a 0-based UTF-16 offset to a 1-based line and column. */
export function positionAt(text: string, offset: number): TextPosition {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  return { offset, line, column: offset - lineStart + 1 };
}

/** Thrown to unwind the scan to where it failed. */
class Failure {
  readonly offset: number;
  constructor(offset: number) {
    this.offset = offset;
  }
}

/**
 * The offset where `text` stops being valid JSON (RFC 8259), or undefined when it is valid.
 * Scans only: values are not built. Never throws.
 */
export function findJsonErrorOffset(text: string): number | undefined {
  const scanner = new JsonScanner(text);
  try {
    scanner.document();
    return undefined;
  } catch (error) {
    // Anything else is a stack overflow on absurd nesting: no position rather than a crash.
    return error instanceof Failure ? error.offset : undefined;
  }
}

/** A recursive-descent recognizer of one JSON text; each method throws `Failure` where the text goes wrong. */
class JsonScanner {
  readonly #text: string;
  #i = 0;

  constructor(text: string) {
    this.#text = text;
  }

  /** The whole text: one value between optional white space. */
  document(): void {
    this.#value();
    this.#skipSpace();
    if (this.#i < this.#text.length) this.#fail();
  }

  #fail(): never {
    throw new Failure(this.#i);
  }

  #skipSpace(): void {
    const text = this.#text;
    while (this.#i < text.length && ' \t\n\r'.includes(text[this.#i]!)) this.#i++;
  }

  #expect(word: string): void {
    for (const c of word) {
      if (this.#text[this.#i] !== c) this.#fail();
      this.#i++;
    }
  }

  #digits(): void {
    if (!/[0-9]/.test(this.#text[this.#i] ?? '')) this.#fail();
    while (/[0-9]/.test(this.#text[this.#i] ?? '')) this.#i++;
  }

  /** One value. Objects and arrays recurse here directly: nesting costs one frame per level, so absurd nesting overflows where it always did. */
  #value(): void {
    const text = this.#text;
    this.#skipSpace();
    const c = text[this.#i];
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      this.#i++;
      this.#skipSpace();
      if (text[this.#i] === close) {
        this.#i++;
        return;
      }
      for (;;) {
        if (c === '{') this.#key();
        this.#value();
        this.#skipSpace();
        if (text[this.#i] === ',') this.#i++;
        else if (text[this.#i] === close) {
          this.#i++;
          return;
        } else this.#fail();
      }
    } else if (c === '"') {
      this.#string();
    } else if (c === 't') {
      this.#expect('true');
    } else if (c === 'f') {
      this.#expect('false');
    } else if (c === 'n') {
      this.#expect('null');
    } else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) {
      this.#number(c);
    } else {
      this.#fail();
    }
  }

  /** An object member's key and colon; its value is left to the caller, to keep one frame per nesting level. */
  #key(): void {
    this.#skipSpace();
    if (this.#text[this.#i] !== '"') this.#fail();
    this.#string();
    this.#skipSpace();
    this.#expect(':');
  }

  #number(first: string): void {
    const text = this.#text;
    if (first === '-') this.#i++;
    if (text[this.#i] === '0') this.#i++;
    else this.#digits();
    if (text[this.#i] === '.') {
      this.#i++;
      this.#digits();
    }
    if (text[this.#i] === 'e' || text[this.#i] === 'E') {
      this.#i++;
      if (text[this.#i] === '+' || text[this.#i] === '-') this.#i++;
      this.#digits();
    }
  }

  #string(): void {
    const text = this.#text;
    this.#i++;
    for (;;) {
      const c = text[this.#i];
      if (c === undefined || c < ' ') this.#fail();
      if (c === '"') {
        this.#i++;
        return;
      }
      if (c !== '\\') {
        this.#i++;
        continue;
      }
      this.#i++;
      const e = text[this.#i];
      if (e === 'u') {
        for (let k = 1; k <= 4; k++) if (!/[0-9a-fA-F]/.test(text[this.#i + k] ?? '')) this.#fail();
        this.#i += 5;
      } else if (e !== undefined && '"\\/bfnrt'.includes(e)) {
        this.#i++;
      } else {
        this.#fail();
      }
    }
  }
}
