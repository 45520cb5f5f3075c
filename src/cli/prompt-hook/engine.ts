/**
 * The part of the prompt hook that needs the index: confirms candidate tokens and phrases against
 * indexed symbols and runs codegraph_explore through the same tool handler `codegraph explore`
 * uses. `answerHook` is the one seam where a client of a running daemon will plug in; today the
 * index is opened in this process.
 */
import { IndexCache, type ProjectIndex } from '../../project/index-cache.js';
import { fullTextSearch } from '../../search/index.js';
import { loadHandler } from '../../tools/handlers.js';
import type { Gate } from './gate.js';
import { capBytes, exploreContext, symbolHint, type HintSymbol } from './output.js';

/** A prompt that the text alone could not decide to be silent. */
export interface HookQuery {
  readonly prompt: string;
  readonly root: string;
  readonly gate: Exclude<Gate, { tier: 'silent' }>;
  readonly signal: AbortSignal;
}

/** The hook's output for a query: explore context, a short hint, or '' for silence. */
export async function answerHook(query: HookQuery): Promise<string> {
  return answerInProcess(query);
}

/** Answers by opening the index here (no daemon). */
async function answerInProcess(query: HookQuery): Promise<string> {
  const cache = new IndexCache();
  try {
    const index = await cache.get(query.root);
    if (index === undefined) return '';
    const gate = query.gate;
    if (gate.tier === 'structural' || gate.tokens.some((t) => isSymbol(index, t))) return await explore(index, query);
    const hits = phraseSymbols(index, gate.phrases);
    return hits.length === 0 ? '' : symbolHint(hits);
  } finally {
    cache.close();
  }
}

/** Query length handed to explore: a pasted log should not become a 100 KB query. */
const MAX_QUERY_CHARS = 4000;
/** Explore's own ceiling; the byte cap below is the hard one. */
const EXPLORE_MAX_CHARS = 8500;

async function explore(index: ProjectIndex, query: HookQuery): Promise<string> {
  const handler = await loadHandler('explore');
  const output = await handler({ query: query.prompt.slice(0, MAX_QUERY_CHARS), maxChars: EXPLORE_MAX_CHARS }, index, { signal: query.signal, progress: () => {} });
  if (output.isError === true || query.signal.aborted) return '';
  return capBytes(exploreContext(output.text));
}

/** Whether a code-shaped token names an indexed symbol (qualified names by their path or last part). */
function isSymbol(index: ProjectIndex, token: string): boolean {
  const name = token.replace(/^\$/, '');
  const parts = name.split(/\.|::|#/);
  if (parts.length === 1) return index.store.nodesByName(name).length > 0 || (token !== name && index.store.nodesByName(token).length > 0);
  if (index.store.nodesByQualifiedName(parts.join('.')).length > 0) return true;
  if (name.includes('::') && index.store.nodesByQualifiedName(name).length > 0) return true;
  const last = parts[parts.length - 1] ?? '';
  return last.length >= 3 && index.store.nodesByName(last).length > 0;
}

/** How many symbols a hint names at most. */
const MAX_HINT_SYMBOLS = 5;

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
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((s) => s !== '')
    .map((s) => s.toLowerCase());
}

function containsRun(segments: readonly string[], words: readonly string[]): boolean {
  for (let i = 0; i + words.length <= segments.length; i++) if (words.every((w, j) => segments[i + j] === w)) return true;
  return false;
}
