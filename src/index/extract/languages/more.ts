import type { LanguageExtractor } from '../types.js';
import { bashExtractor } from './bash.js';
import { dartExtractor } from './dart.js';
import { elixirExtractor } from './elixir.js';
import { kotlinExtractor } from './kotlin.js';
import { luaExtractor } from './lua.js';
import { phpExtractor } from './php.js';
import { rubyExtractor } from './ruby.js';
import { scalaExtractor } from './scala.js';
import { swiftExtractor } from './swift.js';

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
];
