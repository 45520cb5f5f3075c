import type { LanguageExtractor } from '../types.js';
import { bashExtractor } from './bash.js';
import { csharpExtractor } from './csharp.js';
import { dartExtractor } from './dart.js';
import { elixirExtractor } from './elixir.js';
import { kotlinExtractor } from './kotlin.js';
import { luaExtractor } from './lua.js';
import { objcExtractor } from './objc.js';
import { ocamlExtractor } from './ocaml.js';
import { phpExtractor } from './php.js';
import { rubyExtractor } from './ruby.js';
import { scalaExtractor } from './scala.js';
import { solidityExtractor } from './solidity.js';
import { swiftExtractor } from './swift.js';
import { zigExtractor } from './zig.js';

/** Extractors for the languages beyond the core set; the dispatcher consults them by language id. */
export const MORE_EXTRACTORS: readonly LanguageExtractor[] = [
  rubyExtractor,
  phpExtractor,
  kotlinExtractor,
  swiftExtractor,
  scalaExtractor,
  luaExtractor,
  dartExtractor,
  elixirExtractor,
  bashExtractor,
  csharpExtractor,
  objcExtractor,
  zigExtractor,
  solidityExtractor,
  ocamlExtractor,
];
