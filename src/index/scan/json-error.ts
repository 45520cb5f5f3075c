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
  let i = 0;
  const fail = (): never => {
    throw new Failure(i);
  };
  const skipSpace = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const expect = (word: string): void => {
    for (const c of word) {
      if (text[i] !== c) fail();
      i++;
    }
  };
  const digits = (): void => {
    if (!/[0-9]/.test(text[i] ?? '')) fail();
    while (/[0-9]/.test(text[i] ?? '')) i++;
  };
  const string = (): void => {
    i++;
    for (;;) {
      const c = text[i];
      if (c === undefined || c < ' ') fail();
      if (c === '"') {
        i++;
        return;
      }
      if (c === '\\') {
        i++;
        const e = text[i];
        if (e === 'u') {
          for (let k = 1; k <= 4; k++) if (!/[0-9a-fA-F]/.test(text[i + k] ?? '')) fail();
          i += 5;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) {
          i++;
        } else {
          fail();
        }
      } else {
        i++;
      }
    }
  };
  const value = (): void => {
    skipSpace();
    const c = text[i];
    if (c === '{') {
      i++;
      skipSpace();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        skipSpace();
        if (text[i] !== '"') fail();
        string();
        skipSpace();
        expect(':');
        value();
        skipSpace();
        if (text[i] === ',') i++;
        else if (text[i] === '}') {
          i++;
          return;
        } else fail();
      }
    } else if (c === '[') {
      i++;
      skipSpace();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value();
        skipSpace();
        if (text[i] === ',') i++;
        else if (text[i] === ']') {
          i++;
          return;
        } else fail();
      }
    } else if (c === '"') {
      string();
    } else if (c === 't') {
      expect('true');
    } else if (c === 'f') {
      expect('false');
    } else if (c === 'n') {
      expect('null');
    } else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) {
      if (c === '-') i++;
      if (text[i] === '0') i++;
      else digits();
      if (text[i] === '.') {
        i++;
        digits();
      }
      if (text[i] === 'e' || text[i] === 'E') {
        i++;
        if (text[i] === '+' || text[i] === '-') i++;
        digits();
      }
    } else {
      fail();
    }
  };
  try {
    value();
    skipSpace();
    if (i < text.length) fail();
    return undefined;
  } catch (error) {
    // Anything else is a stack overflow on absurd nesting: no position rather than a crash.
    return error instanceof Failure ? error.offset : undefined;
  }
}
