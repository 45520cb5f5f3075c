/**
 * Which extractor handles each language id. Extractor modules are imported on first use: a parse
 * worker compiles only what its files need (importing all of them costs about 45 ms per worker,
 * a tenth of its start-up).
 */
import type { LanguageExtractor } from './types.js';

type Loader = () => Promise<LanguageExtractor>;

const typescript: Loader = () => import('./languages/typescript.js').then((m) => m.typescriptExtractor);
const c: Loader = () => import('./languages/c.js').then((m) => m.cExtractor);

const LOADERS: Readonly<Record<string, Loader>> = {
  typescript,
  tsx: typescript,
  javascript: typescript,
  python: () => import('./languages/python.js').then((m) => m.pythonExtractor),
  go: () => import('./languages/go.js').then((m) => m.goExtractor),
  rust: () => import('./languages/rust.js').then((m) => m.rustExtractor),
  java: () => import('./languages/java.js').then((m) => m.javaExtractor),
  c,
  cpp: c,
  ruby: () => import('./languages/ruby.js').then((m) => m.rubyExtractor),
  php: () => import('./languages/php.js').then((m) => m.phpExtractor),
  kotlin: () => import('./languages/kotlin.js').then((m) => m.kotlinExtractor),
  swift: () => import('./languages/swift.js').then((m) => m.swiftExtractor),
  scala: () => import('./languages/scala.js').then((m) => m.scalaExtractor),
  lua: () => import('./languages/lua.js').then((m) => m.luaExtractor),
  dart: () => import('./languages/dart.js').then((m) => m.dartExtractor),
  elixir: () => import('./languages/elixir.js').then((m) => m.elixirExtractor),
  bash: () => import('./languages/bash.js').then((m) => m.bashExtractor),
  c_sharp: () => import('./languages/csharp.js').then((m) => m.csharpExtractor),
  objc: () => import('./languages/objc.js').then((m) => m.objcExtractor),
  zig: () => import('./languages/zig.js').then((m) => m.zigExtractor),
  solidity: () => import('./languages/solidity.js').then((m) => m.solidityExtractor),
  ocaml: () => import('./languages/ocaml.js').then((m) => m.ocamlExtractor),
};

const generic: Loader = () => import('./languages/generic.js').then((m) => m.genericExtractor);

const loaded = new Map<string, LanguageExtractor>();

/** The language ids with a dedicated extractor; every other id gets the generic fallback. */
export const DEDICATED_LANGUAGES: ReadonlySet<string> = new Set(Object.keys(LOADERS));

/** The extractor for `languageId` (the generic fallback when there is no dedicated one), imported on first use. */
export async function extractorFor(languageId: string): Promise<LanguageExtractor> {
  const known = loaded.get(languageId);
  if (known !== undefined) return known;
  const extractor = await (Object.hasOwn(LOADERS, languageId) ? (LOADERS[languageId] as Loader) : generic)();
  loaded.set(languageId, extractor);
  return extractor;
}
