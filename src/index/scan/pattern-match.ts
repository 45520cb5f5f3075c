/**
 * Matching parsed wildcard patterns without backtracking. A pattern becomes a small automaton
 * (one state per token, two for a leading `**`) and a subject is run through it one code point at
 * a time, keeping the set of states reachable so far. Each state is visited at most once per
 * position, so a match costs at most (states) x (code points + 1) visits whatever the pattern:
 * `*a*a*a*a*a*a*a*a*a*a*b` against a long name is as cheap as `*.ts`, where a backtracking
 * RegExp took minutes.
 */
import { parsePattern, type CodeRange, type PatternDialect, type PatternToken } from './pattern.js';

/** What a transition consumes. */
type Test =
  | { readonly kind: 'code'; readonly code: number }
  | { readonly kind: 'not-slash' | 'not-line-end' | 'slash' }
  | { readonly kind: 'class'; readonly ranges: readonly CodeRange[]; readonly negated: boolean };

interface Edge {
  readonly test: Test;
  readonly to: number;
}

interface State {
  readonly edges: Edge[];
  /** States reached without consuming anything. */
  readonly empty: number[];
}

const SLASH = 0x2f;
const NOT_SLASH: Test = { kind: 'not-slash' };
const ONLY_SLASH: Test = { kind: 'slash' };
const NOT_LINE_END: Test = { kind: 'not-line-end' };

/** A compiled pattern. */
export interface PatternMatcher {
  /** Whether the pattern matches all of `subject`. */
  matches(subject: string): boolean;
  /** Number of automaton states: one match visits at most `states` x (code points + 1) of them. */
  readonly states: number;
}

let visits = 0;

/**
 * State visits made by every match so far in this thread: a deterministic measure of the work
 * done, which tests use to check that matching stays linear.
 */
export function matchVisits(): number {
  return visits;
}

/** Compiles `pattern`; undefined when the dialect says it can never match (see `parsePattern`). */
export function compilePattern(pattern: string, dialect: PatternDialect): PatternMatcher | undefined {
  const tokens = parsePattern(pattern, dialect);
  if (tokens === undefined) return undefined;
  const states: State[] = [{ edges: [], empty: [] }];
  const start = build(states, tokens, 0);
  return new Automaton(states, start);
}

/** Adds states for `tokens` that lead to `next`; returns the first one. Built back to front. */
function build(states: State[], tokens: readonly PatternToken[], next: number): number {
  let after = next;
  for (let i = tokens.length - 1; i >= 0; i--) after = buildToken(states, tokens[i]!, after);
  return after;
}

function add(states: State[], edges: Edge[], empty: number[]): number {
  states.push({ edges, empty });
  return states.length - 1;
}

function buildToken(states: State[], token: PatternToken, next: number): number {
  switch (token.kind) {
    case 'literal':
      return add(states, [{ test: { kind: 'code', code: token.code }, to: next }], []);
    case 'one':
      return add(states, [{ test: NOT_SLASH, to: next }], []);
    case 'class':
      return add(states, [{ test: token, to: next }], []);
    case 'star': {
      const loop = add(states, [], [next]);
      states[loop]!.edges.push({ test: NOT_SLASH, to: loop });
      return loop;
    }
    case 'rest': {
      const loop = add(states, [], [next]);
      states[loop]!.edges.push({ test: NOT_LINE_END, to: loop });
      return loop;
    }
    case 'directories': {
      // Between segments (may stop here) and inside one (needs a `/` to end it).
      const between = add(states, [], [next]);
      const inside = add(states, [], []);
      states[between]!.edges.push({ test: NOT_SLASH, to: inside });
      states[inside]!.edges.push({ test: NOT_SLASH, to: inside }, { test: ONLY_SLASH, to: between });
      return between;
    }
    case 'choice':
      return add(states, [], token.alternatives.map((alternative) => build(states, alternative, next)));
  }
}

function inRanges(ranges: readonly CodeRange[], code: number): boolean {
  for (const [low, high] of ranges) {
    if (code >= low && code <= high) return true;
  }
  return false;
}

/** Whether `test` accepts `code`. The line terminators are the ones ECMAScript's `.` refuses. */
function accepts(test: Test, code: number): boolean {
  switch (test.kind) {
    case 'code':
      return code === test.code;
    case 'not-slash':
      return code !== SLASH;
    case 'slash':
      return code === SLASH;
    case 'not-line-end':
      return code !== 0x0a && code !== 0x0d && code !== 0x2028 && code !== 0x2029;
    case 'class':
      return code !== SLASH && inRanges(test.ranges, code) !== test.negated;
  }
}

/** The automaton and the scratch space of its matches (state 0 accepts). */
class Automaton implements PatternMatcher {
  readonly states: number;
  readonly #graph: readonly State[];
  readonly #start: number;
  /** The position at which each state was last added, so it is added once per position. */
  readonly #seen: Int32Array;
  #generation = 0;

  constructor(graph: readonly State[], start: number) {
    this.#graph = graph;
    this.#start = start;
    this.states = graph.length;
    this.#seen = new Int32Array(graph.length);
  }

  matches(subject: string): boolean {
    let current: number[] = [];
    this.#enter(current, this.#start);
    for (let i = 0; i < subject.length && current.length > 0; ) {
      const code = subject.codePointAt(i)!;
      i += code > 0xffff ? 2 : 1;
      const next: number[] = [];
      for (const id of current) {
        for (const edge of this.#graph[id]!.edges) {
          if (accepts(edge.test, code)) this.#enter(next, edge.to);
        }
      }
      current = next;
    }
    return current.includes(0);
  }

  /** Adds `id` and every state it reaches without consuming to `set`, each once per position. */
  #enter(set: number[], id: number): void {
    if (set.length === 0) this.#nextGeneration();
    const pending = [id];
    while (pending.length > 0) {
      const state = pending.pop()!;
      if (this.#seen[state] === this.#generation) continue;
      this.#seen[state] = this.#generation;
      visits++;
      set.push(state);
      for (const to of this.#graph[state]!.empty) pending.push(to);
    }
  }

  #nextGeneration(): void {
    this.#generation++;
    if (this.#generation === 0x7fffffff) {
      this.#seen.fill(0);
      this.#generation = 1;
    }
  }
}
