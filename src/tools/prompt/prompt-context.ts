/**
 * What the index says about a prompt that the text alone could not decide to be silent: code
 * candidates are confirmed against indexed symbols and answered with codegraph_explore (through
 * the same handler `codegraph explore` uses), plain phrases with the symbols whose names contain
 * them. Needs only an index, so a project daemon answers it as well as a one-shot process.
 */
import { spaceHumps } from '../../words.js';
import type { ProjectIndex } from '../../project/index-cache.js';
import { fullTextSearch, hasRouteAt } from '../../search/index.js';
import { loadHandler } from '../handlers.js';

/** A prompt past the text-only gate. */
export interface PromptQuery {
  readonly prompt: string;
  /** A structural question ("who calls …"): explore without confirming any token. */
  readonly structural: boolean;
  /** Code-shaped tokens: explore when one of them names an indexed symbol. */
  readonly tokens: readonly string[];
  /** Multi-word plain phrases, lower case: hinted when a symbol's name contains one. */
  readonly phrases: readonly (readonly string[])[];
}

/** A symbol a hint names. */
export interface HintSymbol {
  readonly name: string;
  readonly path: string;
  readonly line: number;
  readonly kind: string;
}

/** What the index said: explore's text, symbols to hint at, or nothing worth saying. */
export type PromptAnswer =
  | { readonly kind: 'explore'; readonly text: string }
  | { readonly kind: 'symbols'; readonly symbols: readonly HintSymbol[] }
  | { readonly kind: 'none' };

/** Query length handed to explore: a pasted log should not become a 100 KB query. */
const MAX_QUERY_CHARS = 4000;
/** Explore's own ceiling; the hook's byte cap is the hard one. */
const EXPLORE_MAX_CHARS = 8500;
/** How many symbols a hint names at most. */
const MAX_HINT_SYMBOLS = 5;

/** Answers `query` from `index` (see the module comment). */
export async function promptContext(index: ProjectIndex, query: PromptQuery, signal: AbortSignal): Promise<PromptAnswer> {
  if (query.structural || query.tokens.some((t) => isSymbol(index, t))) {
    const handler = await loadHandler('explore');
    const output = await handler({ query: query.prompt.slice(0, MAX_QUERY_CHARS), maxChars: EXPLORE_MAX_CHARS }, index, { signal, progress: () => {} });
    return output.isError === true || signal.aborted ? { kind: 'none' } : { kind: 'explore', text: output.text };
  }
  const symbols = phraseSymbols(index, query.phrases);
  return symbols.length === 0 ? { kind: 'none' } : { kind: 'symbols', symbols };
}

/**
 * Whether a code-shaped token names an indexed symbol (qualified names by their path or last
 * part; a path like `/api/login` or `/users/{id}` by a route for it under any method, declared
 * so or mounted there, in any placeholder style).
 */
function isSymbol(index: ProjectIndex, token: string): boolean {
  if (token.startsWith('/')) return hasRouteAt(index.store, token);
  const name = token.replace(/^\$/, '');
  const parts = name.split(/\.|::|#/);
  if (parts.length === 1) return index.store.nodesByName(name).length > 0 || (token !== name && index.store.nodesByName(token).length > 0);
  if (index.store.nodesByQualifiedName(parts.join('.')).length > 0) return true;
  if (name.includes('::') && index.store.nodesByQualifiedName(name).length > 0) return true;
  const last = parts[parts.length - 1] ?? '';
  return last.length >= 3 && index.store.nodesByName(last).length > 0;
}

/** Symbols whose name segments contain one of the phrases' words in order, best first. */
function phraseSymbols(index: ProjectIndex, phrases: readonly (readonly string[])[]): HintSymbol[] {
  const found = new Map<string, HintSymbol & { extra: number }>();
  for (const words of phrases) {
    for (const hit of fullTextSearch(index.store, words.join(' '), { limit: 50 })) {
      const node = hit.node;
      const segments = nameSegments(node.name);
      if (!containsRun(segments, words)) continue;
      const key = `${node.name}\u0000${node.path}`;
      if (found.has(key)) continue;
      found.set(key, { name: node.qualifiedName || node.name, path: node.path, line: node.startLine, kind: node.kind, extra: segments.length - words.length });
    }
  }
  return [...found.values()]
    .sort((a, b) => a.extra - b.extra || a.name.localeCompare(b.name) || a.path.localeCompare(b.path) || a.line - b.line)
    .slice(0, MAX_HINT_SYMBOLS)
    .map(({ name, path, line, kind }) => ({ name, path, line, kind }));
}

/** An identifier's words, lower case: `CheckoutStateMachine`, `checkout_state_machine` -> checkout, state, machine. */
export function nameSegments(name: string): string[] {
  return spaceHumps(name)
    .split(/[^A-Za-z0-9]+/)
    .filter((s) => s !== '')
    .map((s) => s.toLowerCase());
}

function containsRun(segments: readonly string[], words: readonly string[]): boolean {
  for (let i = 0; i + words.length <= segments.length; i++) if (words.every((w, j) => segments[i + j] === w)) return true;
  return false;
}
