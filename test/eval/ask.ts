/**
 * Asks one question of one side's MCP server and scores the answer: explore questions go to
 * codegraph_explore (and, for prose and identifier bags, also to codegraph_search), search
 * questions to codegraph_search, callers questions to codegraph_callers.
 */
import type { StdioMcpClient } from './mcp-client.js';
import type { Question, ResolvedTarget } from './questions.js';
import { scoreCallers, scoreExplore, searchRank, type CallersScore, type ExploreScore } from './score.js';

/** What one tool call gave: ok (scored) or error, with size and time. */
export interface Call {
  readonly status: 'ok' | 'error';
  readonly chars: number;
  readonly ms: number;
  readonly error?: string;
  readonly output?: string;
}

/** One side's answers to one question; which parts are present depends on the question's kind. */
export interface SideAnswer {
  explore?: Call & { readonly score: ExploreScore };
  search?: Call & { readonly rank: number | undefined };
  callers?: Call & { readonly score: CallersScore };
}

/** Call options shared by every question of a run. */
export interface AskOptions {
  readonly timeoutMs: number;
  readonly maxFiles: number | undefined;
}

/** Makes one tool call; a server that is not there answers every call with `error`. */
type Caller = (tool: string, args: Record<string, unknown>) => Promise<Call>;

async function call(client: StdioMcpClient, tool: string, args: Record<string, unknown>, timeoutMs: number): Promise<Call> {
  const started = performance.now();
  try {
    const answer = await client.callTool(tool, args, timeoutMs);
    const ms = performance.now() - started;
    if (answer.isError) return { status: 'error', chars: answer.text.length, ms, error: `isError: ${answer.text.slice(0, 300)}`, output: answer.text };
    return { status: 'ok', chars: answer.text.length, ms, output: answer.text };
  } catch (error) {
    return { status: 'error', chars: 0, ms: performance.now() - started, error: error instanceof Error ? error.message : String(error) };
  }
}

function okText(c: Call): string {
  return c.status === 'ok' ? (c.output ?? '') : '';
}

/** Asks `q` of one side and scores every part of the answer. */
export async function ask(client: StdioMcpClient, q: Question, targets: readonly ResolvedTarget[], options: AskOptions): Promise<SideAnswer> {
  return askWith((tool, args) => call(client, tool, args, options.timeoutMs), q, targets, options);
}

/** The answer of a side that could not index or serve: every call failed with `message`. */
export async function failedAnswer(q: Question, targets: readonly ResolvedTarget[], message: string): Promise<SideAnswer> {
  return askWith(async () => ({ status: 'error', chars: 0, ms: 0, error: message }), q, targets, { timeoutMs: 0, maxFiles: undefined });
}

async function askWith(call: Caller, q: Question, targets: readonly ResolvedTarget[], options: AskOptions): Promise<SideAnswer> {
  const answer: SideAnswer = {};
  if (q.kind === 'callers') {
    const c = await call('codegraph_callers', { symbol: q.query });
    answer.callers = { ...c, score: scoreCallers(okText(c), q.callers ?? []) };
    return answer;
  }
  if (q.kind !== 'search') {
    const args: Record<string, unknown> = { query: q.query };
    if (options.maxFiles !== undefined) args['maxFiles'] = options.maxFiles;
    const c = await call('codegraph_explore', args);
    answer.explore = { ...c, score: scoreExplore(okText(c), targets) };
  }
  if (q.kind !== 'anchor') {
    const c = await call('codegraph_search', { query: q.query });
    answer.search = { ...c, rank: searchRank(okText(c), targets) };
  }
  return answer;
}

/** One line describing an answer for the progress log. */
export function describeAnswer(a: SideAnswer): string {
  const parts: string[] = [];
  if (a.explore !== undefined) {
    const s = a.explore.score;
    parts.push(a.explore.status === 'error' ? `explore ERR ${a.explore.error ?? ''}`.slice(0, 120) : `explore ${s.present.length}/${s.present.length + s.missing.length} ${a.explore.chars} chars`);
  }
  if (a.search !== undefined) parts.push(a.search.status === 'error' ? 'search ERR' : `search rank ${a.search.rank ?? '-'}`);
  if (a.callers !== undefined) {
    const s = a.callers.score;
    parts.push(a.callers.status === 'error' ? 'callers ERR' : `callers ${s.correct}/${s.reported} right, ${s.found}/${s.truth} found`);
  }
  return parts.join('; ');
}
