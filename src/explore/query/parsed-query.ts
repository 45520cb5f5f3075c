/** What explore learned from a query: the shapes every later stage reads. */
import type { StoredNode } from '../../store/index.js';
import type { PathOutcome } from './path-resolve.js';

/** Definitions the query names, by the token that named them. */
export interface NamedSymbol {
  readonly text: string;
  /** Written like code (camelCase, snake_case, qualified …), not a plain word. */
  readonly codeShaped: boolean;
  readonly qualified: boolean;
  /**
   * Code-shaped, qualified, or a plain word that few names are built from (`constantize`): a
   * plain word like `command` that many names share seeds weakly and is not treated as named.
   */
  readonly specific: boolean;
  /** A plain word of a sentence (`how are nested resolvers matched`): maybe a name, maybe only a word. */
  readonly prose?: boolean;
  /** Definitions, non-test ones first. */
  readonly nodes: readonly StoredNode[];
}

/** An exact target: an anchored line or range, or a qualified name with at most three definitions. */
export interface ExactTarget {
  readonly path: string;
  /** The enclosing callable (single-line anchor) or the qualified definition; absent for a span. */
  readonly node?: StoredNode;
  /** Lines to render: the node's body or the anchored span. */
  readonly start: number;
  readonly end: number;
  /** The anchored line, for windows inside a long body. */
  readonly line?: number;
  readonly reason: 'anchor' | 'qualified';
}

/** Everything explore learned from the query text. */
export interface ParsedQuery {
  readonly raw: string;
  readonly paths: PathOutcome;
  readonly exact: readonly ExactTarget[];
  readonly named: readonly NamedSymbol[];
  /** Lowercase content words (prose words and identifier segments), deduplicated. */
  readonly words: readonly string[];
  /** Stems of the content words (and of the parts of compound words), for the term index. */
  readonly terms: readonly string[];
  readonly wantsTests: boolean;
}
