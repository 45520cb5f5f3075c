/**
 * A bound on JSON nesting, checked on the text before it is parsed. A body of 4 MiB of `[` made
 * the parser and what walks its result take seconds for every client; no MCP message nests
 * anywhere near this deep (tool arguments are flat objects), so deeper text is refused as a
 * parse error in one linear pass.
 */

/** Deepest nesting of arrays and objects a message may have. */
export const MAX_JSON_DEPTH = 512;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/** Whether `text` opens more than `limit` arrays and objects inside one another (brackets in strings do not count). */
export function nestsDeeperThan(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}
