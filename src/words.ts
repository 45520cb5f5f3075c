/**
 * Where an identifier's words meet: a lowercase letter or digit before a capital
 * (`getHttp` -> `get Http`), and the last capital of a run before a capitalised word
 * (`HTTPResponse` -> `HTTP Response`). The one rule every splitter of names shares (explore's term
 * index, search's words and its full-text index, the prompt hook); each then splits, lowercases and
 * filters for its own use. Both patterns look at most three characters from any position, so a
 * long run of capitals costs its length, not its square.
 */
export function spaceHumps(identifier: string): string {
  return identifier.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z])(?=[A-Z][a-z])/g, '$1 ');
}
