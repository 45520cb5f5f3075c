import type { Tree } from 'web-tree-sitter';
import type { FileExtraction } from '../../model.js';

/**
 * One language's extraction: walks a parsed tree and returns the file's symbols, references and
 * imports. Must not keep references to the tree (the caller deletes it right after).
 */
export interface LanguageExtractor {
  /** Language ids this extractor handles (e.g. `typescript`, `tsx`). */
  readonly languages: readonly string[];
  extract(tree: Tree, source: string, path: string, language: string): FileExtraction;
}
