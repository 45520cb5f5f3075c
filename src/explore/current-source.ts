/**
 * One explore call's view of the project's current source, over the injected reader: lines are
 * split once per file, and the files the answer cites are remembered for the drift banner.
 */
import { driftBanner, isSecretPath } from '../project/freshness.js';
import { sourceLines } from './render/source-lines.js';
import type { SourceReader } from './source-reader.js';

/** Current source as one call sees it. Create one per call: nothing here outlives the answer. */
export interface CurrentSource {
  /** True unless the file's current bytes provably match the index. */
  drifted(path: string): boolean;
  /** The file's current lines; undefined for a secret file or one the reader cannot give. */
  lines(path: string): readonly string[] | undefined;
  /** The file's current lines only while they still match the index (stored line numbers hold). */
  freshLines(path: string): readonly string[] | undefined;
  /**
   * The drift banner naming the drifted files among `shown` and among every file shown by an
   * earlier call of this function, in the order first shown; empty when there are none.
   */
  banner(shown: readonly string[]): string;
}

/** A per-call view of `reader`. */
export function currentSource(reader: SourceReader): CurrentSource {
  const cache = new Map<string, readonly string[] | undefined>();
  // Citations accumulate over the assembler's attempts (it composes the answer once per size
  // attempt): a drifted file cited by an attempt whose section was then cut is still named.
  const cited = new Set<string>();
  const lines = (path: string): readonly string[] | undefined => {
    if (!cache.has(path)) {
      // Secrets are refused here as well as by the reader: a reader made for a test cannot leak one.
      const text = isSecretPath(path) ? undefined : reader.read(path);
      cache.set(path, text === undefined ? undefined : sourceLines(text));
    }
    return cache.get(path);
  };
  return {
    drifted: (path) => reader.freshness(path) === 'drifted',
    lines,
    freshLines: (path) => (reader.freshness(path) === 'fresh' ? lines(path) : undefined),
    banner: (shown) => {
      for (const path of shown) cited.add(path);
      return driftBanner([...cited].filter((path) => reader.freshness(path) === 'drifted'));
    },
  };
}
