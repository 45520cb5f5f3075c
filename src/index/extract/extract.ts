/**
 * Entry point of extraction: source text in, plain-data FileExtraction out. Parses with the
 * language's grammar, dispatches to its extractor (or the generic fallback) and frees the tree.
 */
import type { FileExtraction } from '../model.js';
import { withTree } from '../parse/grammar.js';
import { withSourceText } from './comments.js';
import { genericExtractor } from './languages/generic.js';
import { cExtractor } from './languages/c.js';
import { goExtractor } from './languages/go.js';
import { javaExtractor } from './languages/java.js';
import { pythonExtractor } from './languages/python.js';
import { rustExtractor } from './languages/rust.js';
import { typescriptExtractor } from './languages/typescript.js';
import { MORE_EXTRACTORS } from './languages/more.js';
import { mergeVueBlocks, vueScripts } from './languages/vue.js';
import { isTestPath } from './test-paths.js';
import type { LanguageExtractor } from './types.js';

export { isTestPath } from './test-paths.js';

export { EXTRACTION_VERSION } from './version.js';

const EXTRACTORS = new Map<string, LanguageExtractor>();
for (const extractor of [
  typescriptExtractor, pythonExtractor, goExtractor, rustExtractor, javaExtractor, cExtractor,
  ...MORE_EXTRACTORS,
]) {
  for (const id of extractor.languages) EXTRACTORS.set(id, extractor);
}

/** True when `languageId` has a dedicated extractor rather than the generic fallback. */
export function hasDedicatedExtractor(languageId: string): boolean {
  return EXTRACTORS.has(languageId) || languageId === 'vue';
}

/**
 * Extracts one file. `path` is project-relative (used for test detection and nothing else); the
 * result holds no tree-sitter objects. Throws only for an unknown language or a grammar that
 * fails to load; syntax errors yield a partial extraction with `parseErrors` > 0.
 */
export async function extractSource(languageId: string, source: string, path: string): Promise<FileExtraction> {
  if (languageId === 'vue') return extractVue(source, path);
  const extractor = EXTRACTORS.get(languageId) ?? genericExtractor;
  return withTree(languageId, source, (tree) => withSourceText(tree, source, () => extractor.extract(tree, source, path, languageId)));
}

async function extractVue(source: string, path: string): Promise<FileExtraction> {
  const { blocks, parseErrors } = await withTree('vue', source, (tree) => vueScripts(tree.rootNode));
  const parts = [];
  for (const block of blocks) {
    const extraction = await withTree(block.language, block.content,
      (tree) => withSourceText(tree, block.content, () => typescriptExtractor.extract(tree, block.content, path, block.language)));
    parts.push({ block, extraction });
  }
  return mergeVueBlocks(parts, parseErrors, isTestPath(path));
}
