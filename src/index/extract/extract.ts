/**
 * Entry point of extraction: source text in, plain-data FileExtraction out. Parses with the
 * language's grammar, dispatches to its extractor (or the generic fallback) and frees the tree.
 */
import type { Tree } from 'web-tree-sitter';
import type { FileExtraction } from '../../model.js';
import { withTree } from '../parse/grammar.js';
import { withSourceText } from './comments.js';
import { mergeVueBlocks, vueScripts } from './languages/vue.js';
import { extractorFor } from './registry.js';
import { isTestPath } from './test-paths.js';
import type { LanguageExtractor } from './types.js';

export { isTestPath } from './test-paths.js';

export { EXTRACTION_VERSION } from './version.js';

/**
 * Extracts one file. `path` is project-relative (used for test detection and nothing else); the
 * result holds no tree-sitter objects. Throws only for an unknown language or a grammar that
 * fails to load; syntax errors yield a partial extraction with `parseErrors` > 0.
 */
export async function extractSource(languageId: string, source: string, path: string): Promise<FileExtraction> {
  if (languageId === 'vue') return extractVue(source, path);
  const extractor = await extractorFor(languageId);
  return onRecoveredTree(extractor, languageId, source, (tree) => withSourceText(tree, source, () => extractor.extract(tree, source, path, languageId)));
}

/**
 * Runs `use` on the tree of the text `extractor` parses in the end: `source` prepared, then
 * recovered while the grammar fails and the extractor knows why (at most MAX_RECOVERY_ROUNDS
 * times). Files without errors are parsed once.
 */
export async function onRecoveredTree<T>(extractor: LanguageExtractor, languageId: string, source: string, use: (tree: Tree) => T): Promise<T> {
  let text = extractor.prepare?.(source) ?? source;
  for (let round = 0; ; round++) {
    const last = round === MAX_RECOVERY_ROUNDS;
    const step: { result: T } | { again: string } = await withTree(languageId, text, (tree) => {
      const again = !last && tree.rootNode.hasError ? extractor.recover?.(tree, text) : undefined;
      return again === undefined ? { result: use(tree) } : { again };
    });
    if ('result' in step) return step.result;
    text = step.again;
  }
}

/**
 * Parses after `recover` beyond the first: a fix early in a file can let the grammar see the
 * next idiom where it stands (nlohmann/json's namespace macro hid that an attribute line sat at
 * namespace level, not in a function body). Files without errors are parsed once.
 */
const MAX_RECOVERY_ROUNDS = 3;

async function extractVue(source: string, path: string): Promise<FileExtraction> {
  const { blocks, parseErrors } = await withTree('vue', source, (tree) => vueScripts(tree.rootNode));
  const parts = [];
  const typescriptExtractor = await extractorFor('typescript');
  for (const block of blocks) {
    const extraction = await withTree(block.language, block.content,
      (tree) => withSourceText(tree, block.content, () => typescriptExtractor.extract(tree, block.content, path, block.language)));
    parts.push({ block, extraction });
  }
  return mergeVueBlocks(parts, parseErrors, isTestPath(path));
}
