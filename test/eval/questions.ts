/**
 * The question sets: one JSON file per corpus under test/eval/questions/, each
 * `{ corpus, questions: [{ id, kind, query, targets: [{ file, name, kind?, line? }], why }] }`.
 * `file` is relative to the corpus root; `name` is the defined name, optionally qualified
 * (`QuerySet.exclude`, `Application::find`) to pick one of several same-named definitions in the
 * file; `line` pins the header line when the name alone cannot (Rust impl blocks and the like).
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { findHeaders, type Header } from './recall.js';

export type QuestionKind = 'prose' | 'identifiers' | 'anchor';

export interface Target {
  readonly file: string;
  readonly name: string;
  readonly kind?: string;
  readonly line?: number;
}

export interface Question {
  readonly id: string;
  readonly kind: QuestionKind;
  readonly query: string;
  readonly targets: readonly Target[];
  readonly why: string;
}

export interface QuestionSet {
  readonly corpus: string;
  readonly questions: readonly Question[];
}

/** A target with the header line(s) it resolved to in the prepared corpus. */
export interface ResolvedTarget extends Target {
  readonly headers: readonly Header[];
}

const KINDS: readonly string[] = ['prose', 'identifiers', 'anchor'];

function fail(where: string, message: string): never {
  throw new Error(`${where}: ${message}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks the shape of one parsed question file. */
export function parseQuestionSet(value: unknown, where: string): QuestionSet {
  if (!isRecord(value)) fail(where, 'not an object');
  const corpus = value['corpus'];
  const questions = value['questions'];
  if (typeof corpus !== 'string' || corpus === '') fail(where, 'corpus must be a non-empty string');
  if (!Array.isArray(questions) || questions.length === 0) fail(where, 'questions must be a non-empty array');
  const ids = new Set<string>();
  const parsed = questions.map((q: unknown, i): Question => {
    const at = `${where} question ${i + 1}`;
    if (!isRecord(q)) fail(at, 'not an object');
    const { id, kind, query, targets, why } = q;
    if (typeof id !== 'string' || id === '') fail(at, 'id must be a non-empty string');
    if (ids.has(id)) fail(at, `duplicate id ${id}`);
    ids.add(id);
    if (typeof kind !== 'string' || !KINDS.includes(kind)) fail(at, `kind must be one of ${KINDS.join(', ')}`);
    if (typeof query !== 'string' || query.trim() === '') fail(at, 'query must be a non-empty string');
    if (typeof why !== 'string' || why.trim() === '') fail(at, 'why must say what was checked');
    if (!Array.isArray(targets) || targets.length === 0) fail(at, 'targets must be a non-empty array');
    const parsedTargets = targets.map((t: unknown): Target => {
      if (!isRecord(t) || typeof t['file'] !== 'string' || typeof t['name'] !== 'string') fail(at, 'each target needs file and name strings');
      const target: { file: string; name: string; kind?: string; line?: number } = { file: t['file'], name: t['name'] };
      if (typeof t['kind'] === 'string') target.kind = t['kind'];
      if (typeof t['line'] === 'number') target.line = t['line'];
      return target;
    });
    return { id, kind: kind as QuestionKind, query, targets: parsedTargets, why };
  });
  return { corpus, questions: parsed };
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
      const headers = findHeaders(text, t.file, t.name, t.line);
      if (headers.length === 0) problems.push(`${q.id}: no definition of ${t.name} in ${t.file}`);
      list.push({ ...t, headers });
    }
    resolved.set(q.id, list);
  }
  return { resolved, problems };
}
