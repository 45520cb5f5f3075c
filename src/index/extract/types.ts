import type { Tree } from 'web-tree-sitter';
import type { FileExtraction } from '../../model.js';

/**
 * One language's extraction: walks a parsed tree and returns the file's symbols, references and
 * imports. Must not keep references to the tree (the caller deletes it right after).
 */
export interface LanguageExtractor {
  /** Language ids this extractor handles (e.g. `typescript`, `tsx`). */
  readonly languages: readonly string[];
  /**
   * The text to parse instead of `source`, for a grammar that recovers badly from a common idiom.
   * Must keep the length and every line break, so positions in the tree are positions in `source`;
   * `extract` still receives the original text.
   */
  prepare?(source: string): string;
  /**
   * Asked only when the tree of the prepared text holds errors: a text to parse once more instead
   * (same length and line breaks), when an idiom the grammar cannot know explains the errors; or
   * undefined to extract from this tree. Asked again of the new tree, a few rounds at most, so
   * must return undefined once it has nothing more to change.
   */
  recover?(tree: Tree, parsed: string): string | undefined;
  extract(tree: Tree, source: string, path: string, language: string): FileExtraction;
}
