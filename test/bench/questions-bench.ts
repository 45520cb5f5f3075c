/**
 * `codegraph_search` on sentence-long questions, over stdio, side by side with the peer
 * (`npm run bench -- questions --corpus django,express`): each corpus's evaluation questions (the
 * prose and identifier-bag ones, as an agent words them) are asked of both sides' `serve --mcp`,
 * alternating which side goes first per question, for BENCH_RUNS rounds (default 3) after one
 * untimed warm-up call per side. Both sides index their own copy under the evaluation's work
 * folder (reused when indexed already, as `npm run eval` leaves them). Wall time per call as the
 * client sees it: the JSON-RPC round trip included, process start not.
 */
import { peerDir, ensurePeer } from './peer.js';
import { ms, percentile } from './stats.js';
import { prepareEvalCorpus } from '../eval/corpora.js';
import type { StdioMcpClient } from '../eval/mcp-client.js';
import { loadQuestionSets } from '../eval/questions.js';
import { setupSide, startServer, type Side } from '../eval/sides.js';

/** One side's call times on one corpus. */
export interface SideTimes {
  readonly side: Side;
  readonly ms: number[];
  errors: number;
}

/** What one corpus measured. */
export interface QuestionsReport {
  readonly corpus: string;
  readonly questions: number;
  readonly sides: readonly SideTimes[];
  readonly failures: string[];
}

const SIDES: readonly Side[] = ['ours', 'peer'];

/** The questions a user writes as a sentence or a bag of words (not a bare name). */
async function questionsOf(corpus: string): Promise<string[]> {
  const set = (await loadQuestionSets()).get(corpus);
  if (set === undefined) throw new Error(`no evaluation questions for ${corpus}`);
  return set.questions.filter((q) => q.kind === 'prose' || q.kind === 'identifiers').map((q) => q.query);
}

/** Runs the bench on one corpus. */
export async function runQuestionsBench(corpus: string, rounds = 3): Promise<QuestionsReport> {
  const failures: string[] = [];
  const times = new Map<Side, SideTimes>(SIDES.map((side) => [side, { side, ms: [], errors: 0 }]));
  const clients = new Map<Side, StdioMcpClient>();
  let questions: string[] = [];
  try {
    questions = await questionsOf(corpus);
    const source = await prepareEvalCorpus(corpus);
    const peerBin = await ensurePeer();
    for (const side of SIDES) {
      const setup = await setupSide(side, corpus, source, true, peerBin);
      if (setup.error !== undefined) throw new Error(`${side}: ${setup.error}`);
      const client = await startServer(side, setup.dir, peerBin);
      clients.set(side, client);
      await client.callTool('codegraph_search', { query: questions[0] ?? 'main' }, 120_000);
    }
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < questions.length; i++) {
        const order = (i + round) % 2 === 0 ? SIDES : [...SIDES].reverse();
        for (const side of order) await timeOne(clients.get(side), times.get(side), questions[i] ?? '');
      }
    }
  } catch (error) {
    failures.push(error instanceof Error ? error.message : String(error));
  } finally {
    for (const client of clients.values()) await client.close();
  }
  return { corpus, questions: questions.length, sides: [...times.values()], failures };
}

async function timeOne(client: StdioMcpClient | undefined, into: SideTimes | undefined, query: string): Promise<void> {
  if (client === undefined || into === undefined) return;
  const started = performance.now();
  const answer = await client.callTool('codegraph_search', { query }, 60_000).catch(() => undefined);
  const took = performance.now() - started;
  if (answer === undefined || answer.isError) into.errors += 1;
  else into.ms.push(took);
}

/** The report as text. */
export function formatQuestionsReport(r: QuestionsReport): string {
  const line = (t: SideTimes): string => {
    if (t.ms.length === 0) return `  ${t.side}: no answers (${t.errors} errors)`;
    const mean = t.ms.reduce((a, b) => a + b, 0) / t.ms.length;
    return `  ${t.side}: p50 ${ms(percentile(t.ms, 50))}, p90 ${ms(percentile(t.ms, 90))}, p99 ${ms(percentile(t.ms, 99))}, mean ${ms(mean)}, max ${ms(Math.max(...t.ms))} over ${t.ms.length} calls${t.errors > 0 ? `, ${t.errors} errors` : ''}`;
  };
  const [ours, peer] = [r.sides.find((s) => s.side === 'ours'), r.sides.find((s) => s.side === 'peer')];
  const ratio = ours !== undefined && peer !== undefined && ours.ms.length > 0 && peer.ms.length > 0
    ? [`  search p50 ours/peer: ${(percentile(ours.ms, 50) / percentile(peer.ms, 50)).toFixed(2)}x (peer in ${peerDir()})`]
    : [];
  return [`${r.corpus}: ${r.questions} sentence-long questions (codegraph_search over stdio)`, ...r.sides.map(line), ...ratio, ...r.failures.map((f) => `  FAILED: ${f}`)].join('\n');
}
