/**
 * The question sets: one JSON file per corpus under test/eval/questions/, each
 * `{ corpus, questions: [{ id, kind, query, targets: [{ file, name, kind?, line? }], callers?, why }] }`.
 * `file` is relative to the corpus root; `name` is the defined name, optionally qualified
 * (`QuerySet.exclude`, `Application::find`) to pick one of several same-named definitions in the
 * file; `line` pins the header line when the name alone cannot (Rust impl blocks and the like).
 *
 * Kinds: `prose`, `identifiers` and `anchor` are explore questions (and prose and identifier
 * queries are also searched); `search` is a short query in a developer's words whose answer is one
 * of the targets; `callers` names one target symbol (`query` is what is passed to the callers
 * tool) and `callers`, the hand-checked set of functions that call it: `{ file, name, within? }`,
 * `name` being the innermost named function around the call and `within` the definition that
 * encloses that one (a closure's function, a method's class), which is accepted as well.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { findHeaders, type Header } from './recall.js';
import { definitionEnd } from './spans.js';

/** What a question asks for, and so how it is scored. */
export type QuestionKind = 'prose' | 'identifiers' | 'anchor' | 'search' | 'callers';

export interface Target {
  readonly file: string;
  readonly name: string;
  readonly kind?: string;
  readonly line?: number;
}

/** One hand-checked caller of a `callers` question's target. */
export interface CallerRef {
  readonly file: string;
  readonly name: string;
  readonly within?: string;
}

/** One question, as written in its file. */
export interface Question {
  readonly id: string;
  readonly kind: QuestionKind;
  readonly query: string;
  readonly targets: readonly Target[];
  /** Only for `callers` questions: every function that calls the target. */
  readonly callers?: readonly CallerRef[];
  readonly why: string;
}

/** The Debian package a corpus comes from, at the version its questions were checked against. */
export interface DebianSource {
  readonly package: string;
  readonly version: string;
}

export interface QuestionSet {
  readonly corpus: string;
  /**
   * For a corpus from a Debian package: the version whose code the questions were checked
   * against. A security update moves lines under anchors and reasons; the run says so.
   */
  readonly debian?: DebianSource;
  readonly questions: readonly Question[];
}

/** A target with the header line(s) it resolved to in the prepared corpus. */
export interface ResolvedTarget extends Target {
  readonly headers: readonly Header[];
}

/** Every question kind, in report order. */
export const KINDS: readonly QuestionKind[] = ['prose', 'identifiers', 'anchor', 'search', 'callers'];

function fail(where: string, message: string): never {
  throw new Error(`${where}: ${message}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseTarget(t: unknown, at: string): Target {
  if (!isRecord(t) || typeof t['file'] !== 'string' || typeof t['name'] !== 'string') fail(at, 'each target needs file and name strings');
  const target: { file: string; name: string; kind?: string; line?: number } = { file: t['file'], name: t['name'] };
  if (typeof t['kind'] === 'string') target.kind = t['kind'];
  if (typeof t['line'] === 'number') target.line = t['line'];
  return target;
}

function parseCaller(c: unknown, at: string): CallerRef {
  if (!isRecord(c) || typeof c['file'] !== 'string' || typeof c['name'] !== 'string') fail(at, 'each caller needs file and name strings');
  const within = c['within'];
  if (within !== undefined && typeof within !== 'string') fail(at, 'a caller\'s within must be a string');
  return within === undefined ? { file: c['file'], name: c['name'] } : { file: c['file'], name: c['name'], within };
}

function parseQuestion(q: unknown, at: string, ids: Set<string>): Question {
  if (!isRecord(q)) fail(at, 'not an object');
  const { id, kind, query, targets, callers, why } = q;
  if (typeof id !== 'string' || id === '') fail(at, 'id must be a non-empty string');
  if (ids.has(id)) fail(at, `duplicate id ${id}`);
  ids.add(id);
  if (typeof kind !== 'string' || !(KINDS as readonly string[]).includes(kind)) fail(at, `kind must be one of ${KINDS.join(', ')}`);
  if (typeof query !== 'string' || query.trim() === '') fail(at, 'query must be a non-empty string');
  if (typeof why !== 'string' || why.trim() === '') fail(at, 'why must say what was checked');
  if (!Array.isArray(targets) || targets.length === 0) fail(at, 'targets must be a non-empty array');
  const parsed = { id, kind: kind as QuestionKind, query, targets: targets.map((t: unknown) => parseTarget(t, at)), why };
  if (kind !== 'callers') {
    if (callers !== undefined) fail(at, 'only callers questions list callers');
    return parsed;
  }
  if (targets.length !== 1) fail(at, 'a callers question has exactly one target');
  if (!Array.isArray(callers) || callers.length === 0) fail(at, 'callers must be a non-empty array');
  return { ...parsed, callers: callers.map((c: unknown) => parseCaller(c, at)) };
}

/** Checks the shape of one parsed question file. */
export function parseQuestionSet(value: unknown, where: string): QuestionSet {
  if (!isRecord(value)) fail(where, 'not an object');
  const corpus = value['corpus'];
  const questions = value['questions'];
  if (typeof corpus !== 'string' || corpus === '') fail(where, 'corpus must be a non-empty string');
  if (!Array.isArray(questions) || questions.length === 0) fail(where, 'questions must be a non-empty array');
  const ids = new Set<string>();
  const parsed = questions.map((q: unknown, i) => parseQuestion(q, `${where} question ${i + 1}`, ids));
  const debian = value['debian'];
  if (debian === undefined) return { corpus, questions: parsed };
  if (!isRecord(debian) || typeof debian['package'] !== 'string' || typeof debian['version'] !== 'string') fail(where, 'debian must be { package, version } strings');
  return { corpus, debian: { package: debian['package'], version: debian['version'] }, questions: parsed };
}

/**
 * What to say when the installed version of a set's Debian package is not the one its questions
 * were checked against (undefined when it is, or when the set names no package); `installed` is
 * undefined when the package is not installed or dpkg cannot be asked.
 */
export function debianDrift(set: QuestionSet, installed: string | undefined): string | undefined {
  const source = set.debian;
  if (source === undefined || installed === source.version) return undefined;
  return `questions checked against ${source.package} ${source.version}, installed ${installed ?? 'unknown'}: anchors and line numbers may have moved`;
}

/** The folder holding the question files (next to this module in the source tree). */
export function questionsDir(): string {
  // Compiled to dist/test/eval/; the JSON stays in test/eval/questions of the source tree.
  return join(import.meta.dirname, '..', '..', '..', 'test', 'eval', 'questions');
}

/** Every question set, by corpus name. */
export async function loadQuestionSets(dir = questionsDir()): Promise<Map<string, QuestionSet>> {
  const sets = new Map<string, QuestionSet>();
  for (const name of (await readdir(dir)).filter((n) => n.endsWith('.json')).sort()) {
    const where = join(dir, name);
    const set = parseQuestionSet(JSON.parse(await readFile(where, 'utf8')) as unknown, where);
    if (sets.has(set.corpus)) fail(where, `a second question file for corpus ${set.corpus}`);
    sets.set(set.corpus, set);
  }
  return sets;
}

/** A route as the index names it: the method in capitals (`ANY` when not fixed), a space, the path. */
const ROUTE_NAME = /^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|ANY) (\/.*)$/;

/**
 * Whether a caller is in `text`: a definition's header, or for a route (declared by a call, not a
 * definition) the last fixed segment of its path, which a prefix from elsewhere does not hide.
 */
function callerFound(text: string, file: string, name: string): boolean {
  const route = ROUTE_NAME.exec(name);
  if (route === null) return findHeaders(text, file, name).length > 0;
  const fixed = (route[1] ?? '').split('/').filter((s) => s !== '' && !/^[:<{$(*]/.test(s));
  const last = fixed[fixed.length - 1];
  return last === undefined || text.includes(last);
}

/**
 * Resolves every target of a set against the corpus folder; returns the resolved targets per
 * question id and the list of problems (a target whose file or definition cannot be found).
 */
export async function resolveTargets(set: QuestionSet, corpusDir: string): Promise<{ resolved: Map<string, ResolvedTarget[]>; problems: string[] }> {
  const resolved = new Map<string, ResolvedTarget[]>();
  const problems: string[] = [];
  const cache = new Map<string, string | undefined>();
  const read = async (file: string): Promise<string | undefined> => {
    if (!cache.has(file)) cache.set(file, await readFile(join(corpusDir, file), 'utf8').catch(() => undefined));
    return cache.get(file);
  };
  for (const q of set.questions) {
    const list: ResolvedTarget[] = [];
    for (const t of q.targets) {
      const text = await read(t.file);
      if (text === undefined) {
        problems.push(`${q.id}: no file ${t.file}`);
        continue;
      }
      const source = text.split(/\r?\n/);
      const headers = findHeaders(text, t.file, t.name, t.line).map((h) => ({ ...h, end: definitionEnd(source, h.line) }));
      if (headers.length === 0) problems.push(`${q.id}: no definition of ${t.name} in ${t.file}`);
      list.push({ ...t, headers });
    }
    for (const c of q.callers ?? []) {
      const text = await read(c.file);
      const names = [c.name, ...(c.within === undefined ? [] : [c.within])];
      if (text === undefined) problems.push(`${q.id}: no file ${c.file}`);
      else if (names.some((n) => !callerFound(text, c.file, n))) problems.push(`${q.id}: no caller ${names.join(' within ')} in ${c.file}`);
    }
    resolved.set(q.id, list);
  }
  return { resolved, problems };
}
