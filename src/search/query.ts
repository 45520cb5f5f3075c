/**
 * How people spell what they look for: a search query's inline filters (`kind:`, `lang:`,
 * `path:`), a symbol written the way another language writes qualified names, and a requested
 * path as the index spells paths.
 */
import { LANGUAGES, languageForPath } from '../index/languages.js';
import { NODE_KINDS } from '../model.js';
import type { NodeKind } from '../model.js';

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

/** The search text with its inline filters taken out. */
export interface ParsedSearchQuery {
  readonly text: string;
  readonly kinds: readonly NodeKind[] | undefined;
  readonly languages: readonly string[] | undefined;
  readonly paths: readonly string[];
  /** Filters that were not understood, as typed (reported, then ignored). */
  readonly ignored: readonly string[];
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

/** `Engine::serve`, `Foo#bar`, `a->b` and `f()` spelled the way the index stores qualified names. */
export function normalizeSymbol(symbol: string): string {
  return symbol.trim().replace(/\(\)$/, '').replace(/::|#|->/g, '.');
}

/**
 * A requested path as the index spells paths: surrounding quotes or backticks removed, `\` as
 * `/`, a leading `./` dropped. Absolute paths are left for the path guard to judge.
 */
export function normalizeRequestedPath(raw: string): string {
  let p = raw.trim();
  const quoted = /^(["'`])(.*)\1$/.exec(p);
  if (quoted !== null) p = (quoted[2] ?? '').trim();
  p = p.replace(/\\/g, '/');
  while (p.startsWith('./')) p = p.slice(2);
  return p;
}
