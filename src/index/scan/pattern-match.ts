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
  const automaton = new Automaton(states, start);
  const prefix = literalRun(tokens);
  if (prefix.length === tokens.length) {
    // Equal strings are equal code point sequences.
    const text = String.fromCodePoint(...prefix);
    return { states: automaton.states, matches: (subject) => subject === text };
  }
  const head = String.fromCodePoint(...prefix);
  const tail = String.fromCodePoint(...literalRun([...tokens].reverse()).reverse());
  // A subject the pattern matches starts with its leading literals and ends with its trailing
  // ones, in code units too; most subjects fail this and never reach the automaton.
  return {
    states: automaton.states,
    matches: (subject) => subject.startsWith(head) && subject.endsWith(tail) && automaton.matches(subject),
  };
}

/** The code points of the literal tokens `tokens` starts with. */
function literalRun(tokens: readonly PatternToken[]): number[] {
  const codes: number[] = [];
  for (const token of tokens) {
    if (token.kind !== 'literal') break;
    codes.push(token.code);
  }
  return codes;
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
class Automaton {
  readonly states: number;
  readonly #graph: readonly State[];
  readonly #start: number;
  /** The position at which each state was last added, so it is added once per position. */
  readonly #seen: Int32Array;
  #generation = 0;
  /** The states reached before and after the current code point; reused by every match. */
  #current: Int32Array;
  #next: Int32Array;
  readonly #pending: number[] = [];

  constructor(graph: readonly State[], start: number) {
    this.#graph = graph;
    this.#start = start;
    this.states = graph.length;
    this.#seen = new Int32Array(graph.length);
    this.#current = new Int32Array(graph.length);
    this.#next = new Int32Array(graph.length);
  }

  matches(subject: string): boolean {
    this.#nextGeneration();
    let count = this.#enter(this.#current, 0, this.#start);
    for (let i = 0; i < subject.length && count > 0; ) {
      const code = subject.codePointAt(i)!;
      i += code > 0xffff ? 2 : 1;
      this.#nextGeneration();
      let reached = 0;
      for (let k = 0; k < count; k++) {
        for (const edge of this.#graph[this.#current[k]!]!.edges) {
          if (accepts(edge.test, code)) reached = this.#enter(this.#next, reached, edge.to);
        }
      }
      [this.#current, this.#next] = [this.#next, this.#current];
      count = reached;
    }
    return this.#current.subarray(0, count).includes(0);
  }

  /**
   * Adds `id` and every state it reaches without consuming to `set`, which holds `count` states,
   * each once per position; returns the new count.
   */
  #enter(set: Int32Array, count: number, id: number): number {
    let size = count;
    const pending = this.#pending;
    pending.push(id);
    while (pending.length > 0) {
      const state = pending.pop()!;
      if (this.#seen[state] === this.#generation) continue;
      this.#seen[state] = this.#generation;
      visits++;
      set[size++] = state;
      for (const to of this.#graph[state]!.empty) pending.push(to);
    }
    return size;
  }

  #nextGeneration(): void {
    this.#generation++;
    if (this.#generation === 0x7fffffff) {
      this.#seen.fill(0);
      this.#generation = 1;
    }
  }
}
