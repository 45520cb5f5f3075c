/**
 * Symbol search: candidates from the name index (exact, prefix, identifier words) and the store's
 * full-text index (signatures, docstrings, qualified names), re-scored on several signals and
 * filtered by kind, language and path. Test, generated and vendored files always rank last.
 */
import { LANGUAGES, languageForPath } from '../../index/languages.js';
import { NODE_KINDS } from '../../model.js';
import type { NodeKind } from '../../model.js';
import type { GraphStore, StoredNode } from '../../store/index.js';
import { identifierWords, keysWithPrefix, nodesByIds, symbolIndex } from './symbol-index.js';
import type { FileEntry, SymbolEntry, SymbolIndex } from './symbol-index.js';
import { normalizeRequestedPath } from './text.js';

/**
 * What each `kind` filter value selects. The tool's enum speaks in broad categories; `type`
 * means a named type that is neither a class nor an interface (type aliases, enums, unions),
 * `class` includes structs, `interface` includes protocols and traits, `method` includes
 * constructors and `variable` includes constants. Inside the query, `kind:` also accepts any
 * stored kind name (`kind:enum_member`).
 */
export const KIND_FILTERS: Readonly<Record<string, readonly NodeKind[]>> = {
  function: ['function'],
  method: ['method', 'constructor'],
  class: ['class', 'struct'],
  interface: ['interface', 'protocol', 'trait'],
  type: ['type_alias', 'enum', 'union'],
  variable: ['variable', 'constant'],
  route: ['route'],
  component: ['component'],
};

const LANGUAGE_ALIASES: Readonly<Record<string, string>> = {
  ts: 'typescript', js: 'javascript', jsx: 'javascript', py: 'python', rb: 'ruby', rs: 'rust',
  golang: 'go', cs: 'c_sharp', csharp: 'c_sharp', 'c#': 'c_sharp', 'c++': 'cpp', cxx: 'cpp',
  kt: 'kotlin', sh: 'bash', shell: 'bash', 'objective-c': 'objc', objectivec: 'objc', ex: 'elixir',
};

/** Score added per kind: definitions people look for first outrank members and locals. */
const KIND_WEIGHT: Readonly<Partial<Record<NodeKind, number>>> = {
  class: 8, struct: 8, interface: 7, trait: 7, protocol: 7, function: 7, method: 6, constructor: 3,
  type_alias: 6, enum: 6, union: 5, module: 5, namespace: 5, component: 7, route: 6, macro: 5,
  constant: 4, variable: 3, property: 2, field: 2, enum_member: 2, impl: 4,
};

/** The search text with its inline filters taken out. */
export interface ParsedSearchQuery {
  readonly text: string;
  readonly kinds: readonly NodeKind[] | undefined;
  readonly languages: readonly string[] | undefined;
  readonly paths: readonly string[];
  /** Filters that were not understood, as typed (reported, then ignored). */
  readonly ignored: readonly string[];
}

/** Options of `searchSymbols`. */
export interface SymbolSearchOptions {
  /** Maximum matches (default 10). */
  readonly limit?: number;
  /** A `kind` category from `KIND_FILTERS`, or a stored kind name. */
  readonly kind?: string;
  /** Allow matches one edit away when the query finds few results (default true). */
  readonly fuzzy?: boolean;
}

/** One match. */
export interface SymbolMatch {
  readonly node: StoredNode;
  readonly score: number;
  /** In a test, generated or vendored file. */
  readonly demoted: boolean;
  /** Found by typo tolerance rather than by the query's own spelling. */
  readonly fuzzy: boolean;
}

/** A search's outcome. */
export interface SymbolSearch {
  readonly query: ParsedSearchQuery;
  readonly matches: readonly SymbolMatch[];
  /** Candidates that passed the filters (at least `matches.length`). */
  readonly total: number;
  /** Whether typo tolerance supplied the matches. */
  readonly fuzzy: boolean;
}

const FILTER = /(?:^|\s)(kind|lang|language|path|file):("[^"]*"|'[^']*'|\S*)/gi;

/** Splits `kind:`, `lang:` and `path:` filters (comma-separated values allowed) from the query text. */
export function parseSearchQuery(query: string): ParsedSearchQuery {
  const kinds = new Set<NodeKind>();
  const languages = new Set<string>();
  const paths: string[] = [];
  const ignored: string[] = [];
  let sawKind = false;
  let sawLang = false;
  const text = query.replace(FILTER, (whole, key: string, raw: string) => {
    const value = raw.replace(/^["']|["']$/g, '');
    const field = key.toLowerCase();
    if (value === '') {
      ignored.push(whole.trim());
      return ' ';
    }
    for (const v of value.split(',').filter((x) => x !== '')) {
      if (field === 'kind') {
        const selected = kindsFor(v);
        if (selected === undefined) ignored.push(`kind:${v}`);
        else {
          sawKind = true;
          for (const k of selected) kinds.add(k);
        }
      } else if (field === 'lang' || field === 'language') {
        const id = languageId(v);
        if (id === undefined) ignored.push(`lang:${v}`);
        else {
          sawLang = true;
          languages.add(id);
        }
      } else {
        paths.push(normalizeRequestedPath(v).replace(/^\/+/, '').toLowerCase());
      }
    }
    return ' ';
  });
  return {
    text: text.replace(/\s+/g, ' ').trim(),
    kinds: sawKind ? [...kinds] : undefined,
    languages: sawLang ? [...languages] : undefined,
    paths,
    ignored,
  };
}

/** The stored kinds a filter value selects, or undefined when the value is not a kind. */
export function kindsFor(value: string): readonly NodeKind[] | undefined {
  const v = value.toLowerCase();
  const category = KIND_FILTERS[v];
  if (category !== undefined) return category;
  const exact = NODE_KINDS.find((k) => k === v || k.replace('_', '') === v);
  return exact === undefined || exact === 'file' ? undefined : [exact];
}

function languageId(value: string): string | undefined {
  const v = value.toLowerCase();
  if (LANGUAGES[v] !== undefined) return v;
  const alias = LANGUAGE_ALIASES[v];
  if (alias !== undefined) return alias;
  const byName = Object.values(LANGUAGES).find((l) => l.displayName.toLowerCase() === v);
  if (byName !== undefined) return byName.id;
  return v.startsWith('.') ? languageForPath(`x${v}`) : undefined;
}

interface Candidate {
  readonly entry: SymbolEntry;
  fts: boolean;
  fuzzy: boolean;
}

/** Most candidates examined per query word or prefix, so very short words stay cheap. */
const MAX_CANDIDATES = 2000;
/** Full-text rows read when the name index alone finds too little. */
const MAX_FTS_ROWS = 300;

/**
 * Searches symbol names, qualified names, signatures and docstrings. Never scans the database:
 * names come from a derived in-memory index (built once per store) and full-text matches from
 * the store's FTS table with a row limit.
 */
export function searchSymbols(store: GraphStore, query: string, options: SymbolSearchOptions = {}): SymbolSearch {
  const limit = Math.max(1, Math.min(options.limit ?? 10, 100));
  const parsed = parseSearchQuery(query);
  const extraKinds = options.kind === undefined ? undefined : kindsFor(options.kind);
  const kinds = intersectKinds(parsed.kinds, extraKinds);
  const index = symbolIndex(store);
  const accept = filterOf(index, { ...parsed, kinds });

  const candidates = new Map<number, Candidate>();
  const add = (entry: SymbolEntry, how: 'name' | 'fts' | 'fuzzy'): void => {
    if (!accept(entry)) return;
    const known = candidates.get(entry.id);
    if (known === undefined) candidates.set(entry.id, { entry, fts: how === 'fts', fuzzy: how === 'fuzzy' });
    else if (how === 'fts') known.fts = true;
  };

  const text = parsed.text;
  const lower = text.toLowerCase();
  const words = uniqueWords(text);
  const qualified = qualifiedQuery(text);
  if (text === '') {
    for (const entry of index.symbols) {
      add(entry, 'name');
      if (candidates.size >= MAX_CANDIDATES) break;
    }
  } else {
    for (const entry of index.byLowerName.get(lower) ?? []) add(entry, 'name');
    if (qualified !== undefined) {
      for (const node of store.nodesByQualifiedName(qualified)) {
        const entry = index.byId.get(node.id);
        if (entry !== undefined) add(entry, 'name');
      }
    }
    if (lower.length >= 2 && !/\s/.test(lower)) {
      let seen = 0;
      for (const name of keysWithPrefix(index.names, lower, 500)) {
        for (const entry of index.byLowerName.get(name) ?? []) {
          add(entry, 'name');
          seen += 1;
        }
        if (seen >= MAX_CANDIDATES) break;
      }
    }
    addWordMatches(index, words, add);
    if (candidates.size < limit * 3 && words.length > 0) addFullText(store, index, words, add);
  }
  let fuzzy = false;
  if (options.fuzzy !== false && candidates.size < 3 && words.length === 1 && lower.length >= 3 && lower.length <= 16 && /^[\w$]+$/.test(lower)) {
    const before = candidates.size;
    for (const variant of editVariants(lower)) {
      for (const entry of index.byLowerName.get(variant) ?? []) add(entry, 'fuzzy');
    }
    fuzzy = candidates.size > before && before === 0;
  }

  const scored = [...candidates.values()].map((c) => {
    const file = index.files.get(c.entry.fileId);
    return { c, file, score: scoreOf(c, file, text, lower, words, qualified) };
  });
  scored.sort(
    (a, b) =>
      Number(a.file?.demoted ?? false) - Number(b.file?.demoted ?? false) ||
      b.score - a.score ||
      compareText(a.file?.path ?? '', b.file?.path ?? '') ||
      a.c.entry.line - b.c.entry.line ||
      a.c.entry.id - b.c.entry.id,
  );
  const top = scored.slice(0, limit);
  const nodes = new Map(nodesByIds(store, top.map((s) => s.c.entry.id)).map((n) => [n.id, n]));
  const matches: SymbolMatch[] = top.flatMap((s) => {
    const node = nodes.get(s.c.entry.id);
    if (node === undefined) return [];
    return [{ node, score: Math.round(s.score * 100) / 100, demoted: s.file?.demoted ?? false, fuzzy: s.c.fuzzy }];
  });
  return { query: { ...parsed, kinds }, matches, total: scored.length, fuzzy };
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function intersectKinds(a: readonly NodeKind[] | undefined, b: readonly NodeKind[] | undefined): readonly NodeKind[] | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a.filter((k) => b.includes(k));
}

function filterOf(index: SymbolIndex, q: Pick<ParsedSearchQuery, 'kinds' | 'languages' | 'paths'>): (e: SymbolEntry) => boolean {
  const kinds = q.kinds === undefined ? undefined : new Set(q.kinds);
  const languages = q.languages === undefined ? undefined : new Set(q.languages);
  const paths = q.paths;
  if (languages === undefined && paths.length === 0) return (e) => kinds === undefined || kinds.has(e.kind);
  // File verdicts are computed once per file, not once per symbol.
  const verdicts = new Map<number, boolean>();
  const fileAccepted = (fileId: number): boolean => {
    let ok = verdicts.get(fileId);
    if (ok === undefined) {
      const file = index.files.get(fileId);
      ok = file !== undefined && (languages === undefined || languages.has(file.language)) &&
        (paths.length === 0 || paths.some((want) => file.lowerPath.includes(want)));
      verdicts.set(fileId, ok);
    }
    return ok;
  };
  return (e) => (kinds === undefined || kinds.has(e.kind)) && fileAccepted(e.fileId);
}

function uniqueWords(text: string): string[] {
  return [...new Set(identifierWords(text))];
}

/** `Engine.serve`, `Engine::serve`, `Engine#serve` as a dotted qualified name; undefined for plain names. */
function qualifiedQuery(text: string): string | undefined {
  if (/\s/.test(text) || !/[.:#]/.test(text)) return undefined;
  const dotted = text.replace(/::|#/g, '.').replace(/^\.+|\.+$/g, '');
  return dotted.includes('.') ? dotted : undefined;
}

function addWordMatches(index: SymbolIndex, words: readonly string[], add: (e: SymbolEntry, how: 'name') => void): void {
  if (words.length === 0) return;
  // Symbols whose words start with every query word, walked from the rarest query word; when no
  // symbol has them all, symbols with any of them (bounded).
  const perWord = words.map((w) => {
    const keys = keysWithPrefix(index.words, w, 200);
    let size = 0;
    for (const key of keys) size += index.byWord.get(key)?.length ?? 0;
    return { w, keys, size };
  });
  perWord.sort((a, b) => a.size - b.size);
  const [rarest, ...rest] = perWord;
  if (rarest === undefined) return;
  let all = 0;
  let seen = 0;
  for (const key of rarest.keys) {
    for (const entry of index.byWord.get(key) ?? []) {
      if (rest.every((r) => entry.words.some((x) => x.startsWith(r.w)))) {
        add(entry, 'name');
        all += 1;
      }
      seen += 1;
    }
    if (seen >= MAX_CANDIDATES) break;
  }
  if (all > 0 || words.length === 1) return;
  for (const r of perWord) {
    let taken = 0;
    for (const key of r.keys) {
      for (const entry of index.byWord.get(key) ?? []) add(entry, 'name');
      taken += index.byWord.get(key)?.length ?? 0;
      if (taken >= MAX_CANDIDATES / words.length) break;
    }
  }
}

function addFullText(store: GraphStore, index: SymbolIndex, words: readonly string[], add: (e: SymbolEntry, how: 'fts') => void): void {
  // Words hold only letters and digits, so no user text reaches the MATCH syntax.
  // Short words match whole tokens only: a prefix like `set*` expands to hundreds of terms.
  const expression = words.filter((w) => /^[a-z0-9]+$/.test(w)).map((w) => (w.length > 3 ? `${w}*` : w)).join(' ');
  if (expression === '') return;
  store.restoreIndexes();
  store.db.each(`SELECT docid FROM node_search WHERE node_search MATCH ? LIMIT ${MAX_FTS_ROWS}`, [expression], ([id]) => {
    const entry = index.byId.get(Number(id));
    if (entry !== undefined) add(entry, 'fts');
  });
}

/** Every string one edit (delete, insert, substitute, swap) away from `word`. */
export function editVariants(word: string): Set<string> {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789_';
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i += 1) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail !== '') out.add(head + tail.slice(1));
    if (tail.length > 1) out.add(head + (tail[1] ?? '') + (tail[0] ?? '') + tail.slice(2));
    for (const ch of alphabet) {
      out.add(head + ch + tail);
      if (tail !== '') out.add(head + ch + tail.slice(1));
    }
  }
  out.delete(word);
  return out;
}

function scoreOf(
  c: Candidate, file: FileEntry | undefined, text: string, lower: string, words: readonly string[], qualified: string | undefined,
): number {
  const e = c.entry;
  let score = KIND_WEIGHT[e.kind] ?? 1;
  if (c.fuzzy) return score + 30;
  if (text === '') return score;
  if (e.name === text) score += 100;
  else if (e.lower === lower) score += 90;
  else if (qualified !== undefined && (e.qualifiedName === qualified || e.qualifiedName.endsWith(`.${qualified}`))) score += 95;
  else if (lower.length >= 2 && e.lower.startsWith(lower)) score += 40 + (20 * lower.length) / e.lower.length;
  else if (lower.length >= 3 && e.lower.includes(lower)) score += 15;
  if (words.length > 0) {
    let exact = 0;
    let prefix = 0;
    for (const w of words) {
      if (e.words.includes(w)) exact += 1;
      else if (e.words.some((x) => x.startsWith(w))) prefix += 1;
    }
    score += (24 * exact + 10 * prefix) / words.length;
    if (exact === words.length && e.words.length === words.length) score += 10;
    if (file !== undefined) {
      score += Math.min(9, 3 * words.filter((w) => w.length >= 3 && file.lowerPath.includes(w)).length);
    }
  }
  if (c.fts) score += 6;
  // Shorter names are closer to what was typed, all else equal.
  return score - Math.min(5, e.name.length / 10);
}
