/**
 * Every dedicated extractor module, imported statically: the independent list the lazily loading
 * registry (src/index/extract/registry.ts) is checked against.
 */
import { bashExtractor } from '../../src/index/extract/languages/bash.js';
import { cExtractor } from '../../src/index/extract/languages/c.js';
import { csharpExtractor } from '../../src/index/extract/languages/csharp.js';
import { dartExtractor } from '../../src/index/extract/languages/dart.js';
import { elixirExtractor } from '../../src/index/extract/languages/elixir.js';
import { goExtractor } from '../../src/index/extract/languages/go.js';
import { javaExtractor } from '../../src/index/extract/languages/java.js';
import { kotlinExtractor } from '../../src/index/extract/languages/kotlin.js';
import { luaExtractor } from '../../src/index/extract/languages/lua.js';
import { objcExtractor } from '../../src/index/extract/languages/objc.js';
import { ocamlExtractor } from '../../src/index/extract/languages/ocaml.js';
import { phpExtractor } from '../../src/index/extract/languages/php.js';
import { pythonExtractor } from '../../src/index/extract/languages/python.js';
import { rubyExtractor } from '../../src/index/extract/languages/ruby.js';
import { rustExtractor } from '../../src/index/extract/languages/rust.js';
import { scalaExtractor } from '../../src/index/extract/languages/scala.js';
import { solidityExtractor } from '../../src/index/extract/languages/solidity.js';
import { swiftExtractor } from '../../src/index/extract/languages/swift.js';
import { typescriptExtractor } from '../../src/index/extract/languages/typescript.js';
import { zigExtractor } from '../../src/index/extract/languages/zig.js';
import type { LanguageExtractor } from '../../src/index/extract/types.js';

export const ALL_EXTRACTORS: readonly LanguageExtractor[] = [
  typescriptExtractor, pythonExtractor, goExtractor, rustExtractor, javaExtractor, cExtractor, rubyExtractor, phpExtractor,
  kotlinExtractor, swiftExtractor, scalaExtractor, luaExtractor, dartExtractor, elixirExtractor, bashExtractor, csharpExtractor,
  objcExtractor, zigExtractor, solidityExtractor, ocamlExtractor,
];
