/**
 * The one adapter around web-tree-sitter: runtime initialisation, grammar loading and parsing.
 * Everything else receives trees through `withTree`, which guarantees the tree is freed.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Language, Parser } from 'web-tree-sitter';
import type { Tree } from 'web-tree-sitter';
import { languageInfo } from '../languages.js';
import { renameImports } from './wasm-imports.js';

const require = createRequire(import.meta.url);

/**
 * The options object handed to the Emscripten module; Emscripten keeps its heap views on it, which
 * is the only public way to observe how much WASM memory the runtime holds. Its `printErr` keeps
 * the runtime's own messages (a bare `Aborted()` when a huge file exhausts the heap) off the
 * user's terminal: the same text comes back in the error thrown to the caller, which records it.
 */
const runtime: { HEAPU8?: Uint8Array; printErr: (text: string) => void } = { printErr: () => undefined };
let initPromise: Promise<void> | undefined;
const languages = new Map<string, Promise<Language>>();
const loaded = new Map<string, Language>();
const parsers = new Map<string, Parser>();

/** Initialises the tree-sitter runtime once per process (later calls share the first). */
export function initParser(): Promise<void> {
  // The declared type lists every Emscripten option as required although all are optional.
  initPromise ??= Parser.init(runtime as unknown as Parameters<typeof Parser.init>[0]);
  return initPromise;
}

/** Absolute path of the grammar file for a language id; throws for an unknown id. */
export function grammarPath(id: string): string {
  const info = languageInfo(id);
  if (info === undefined) throw new Error(`unknown language id: ${id}`);
  return require.resolve(`tree-sitter-wasms/out/${info.grammar}`);
}

/**
 * Grammars importing C library functions the runtime lacks, and the equivalent it exports.
 * Bash: `isalpha` (called on every `case` statement) becomes `iswalpha`, identical on ASCII.
 */
const IMPORT_RENAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  bash: { isalpha: 'iswalpha' },
};

/**
 * Grammar loads run one at a time: web-tree-sitter links each grammar's WASM module into shared
 * state, and two loads interleaving can resolve one grammar's symbols against the other
 * ("bad export type for 'tree_sitter_typescript_external_scanner_create'").
 */
let loadChain: Promise<unknown> = Promise.resolve();

/** Loads (once per process) and returns the grammar for a language id. */
export function loadLanguage(id: string): Promise<Language> {
  let pending = languages.get(id);
  if (pending === undefined) {
    const previous = loadChain;
    pending = (async () => {
      await previous.catch(() => undefined);
      await initParser();
      const renames = IMPORT_RENAMES[id];
      const language = await Language.load(
        renames === undefined ? grammarPath(id) : renameImports(new Uint8Array(await readFile(grammarPath(id))), renames),
      );
      loaded.set(id, language);
      return language;
    })();
    loadChain = pending;
    // A failed load is not cached, so that a transient error (e.g. EMFILE) can be retried.
    pending.catch(() => languages.delete(id));
    languages.set(id, pending);
  }
  return pending;
}

/**
 * Parses `source` with the grammar of `id`, which must already be loaded (`await loadLanguage`).
 * The caller owns the tree and must `delete()` it; prefer `withTree`.
 */
export function parseSource(id: string, source: string): Tree {
  const language = loaded.get(id);
  if (language === undefined) throw new Error(`language ${id} is not loaded; await loadLanguage('${id}') first`);
  let parser = parsers.get(id);
  if (parser === undefined) {
    // One parser per language: setLanguage is cheap but not free, and files arrive grouped.
    parser = new Parser();
    parser.setLanguage(language);
    parsers.set(id, parser);
  }
  const tree = parser.parse(source);
  if (tree === null) {
    parser.reset();
    throw new Error(`tree-sitter returned no tree for a ${id} source`);
  }
  return tree;
}

/**
 * Parses `source`, runs `fn` on the tree and deletes the tree afterwards whatever happens. `fn`
 * must not let nodes escape: they point into the freed tree.
 */
export async function withTree<T>(id: string, source: string, fn: (tree: Tree) => T): Promise<T> {
  await loadLanguage(id);
  const tree = parseSource(id, source);
  try {
    return fn(tree);
  } finally {
    tree.delete();
  }
}

/** Bytes of linear memory the WASM runtime currently holds (0 before `initParser`). */
export function wasmHeapBytes(): number {
  return runtime.HEAPU8?.buffer.byteLength ?? 0;
}

/** Frees the cached parsers (grammars stay loaded: the runtime cannot unload them). */
export function disposeParsers(): void {
  for (const parser of parsers.values()) parser.delete();
  parsers.clear();
}
