/**
 * The words of identifiers the search index adds for the full-text tokenizer (registered as
 * `WORDS_FUNCTION` on every connection, schema.ts): text in, words out.
 */
import { spaceHumps } from '../words.js';

/**
 * The words the search tokenizer would not find on its own in each space-separated identifier of
 * `text`: camelCase and PascalCase boundaries and underscores (`getUserId` -> `get User Id`,
 * `HTTPServer` -> `HTTP Server`, `parse_config` -> `parse config`; the porter tokenizer keeps `_`
 * inside a token). Identifiers without a boundary add nothing; '' when none has one.
 */
export function splitIdentifierWords(text: string): string {
  // Without an upper-case letter or an underscore no identifier has a boundary (so it is for most
  // names, and for many lists of the names a body uses). The rest are split once per identifier:
  // the full-text build calls this three times per symbol, and splitting was 15 % of it on the JDK.
  if (!MAY_SPLIT.test(text)) return '';
  const out: string[] = [];
  for (const token of text.split(' ')) {
    const split = splitToken(token);
    if (split !== '') out.push(split);
  }
  return out.join(' ');
}

const MAY_SPLIT = /[A-Z_]/;

/** One identifier's split words, '' when it has no boundary; remembered (bounded). */
function splitToken(token: string): string {
  let split = SPLITS.get(token);
  if (split === undefined) {
    split = '';
    if (CASE_BOUNDARY.test(token) || token.includes('_')) {
      const words = spaceHumps(token)
        .replace(/_+/g, ' ')
        .trim();
      if (words !== token) split = words;
    }
    if (SPLITS.size >= MAX_SPLITS) SPLITS.clear();
    SPLITS.set(token, split);
  }
  return split;
}

const SPLITS = new Map<string, string>();
const MAX_SPLITS = 200_000;

const CASE_BOUNDARY = /[a-z0-9][A-Z]|[A-Z][A-Z][a-z]/;
