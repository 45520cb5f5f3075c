/**
 * The one way source text reaches the explore engine. The engine does no I/O of its own: the
 * tools layer hands it a reader over the project's files on disk, and a test can hand it one
 * over strings in memory.
 */

/** Whether a file's current bytes still match what was indexed. */
export type SourceFreshness = 'fresh' | 'drifted';

/** A project's current source, as the engine may see it. */
export interface SourceReader {
  /**
   * 'fresh' only when the file's current bytes provably equal the indexed ones; anything
   * unproven (missing, unreadable, edited) is 'drifted', so stored line numbers are never
   * trusted by mistake.
   */
  freshness(path: string): SourceFreshness;
  /** The file's current text, or undefined when it cannot or must not be read. */
  read(path: string): string | undefined;
}
