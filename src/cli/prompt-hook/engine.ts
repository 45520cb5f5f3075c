/**
 * The part of the prompt hook that needs the index: asks the project's running daemon, which
 * holds the index in memory, or, with none running, opens the index in this process. Both answer
 * with `promptContext`, so the output is the same either way.
 */
import { askRunningDaemon } from '../../daemon/attach.js';
import { ControlMethod } from '../../daemon/control.js';
import type { PromptAnswer, PromptQuery } from '../../tools/prompt/prompt-context.js';
import type { Gate } from './gate.js';
import { capBytes, exploreContext, symbolHint } from './output.js';

/** A prompt that the text alone could not decide to be silent. */
export interface HookQuery {
  readonly prompt: string;
  readonly root: string;
  readonly gate: Exclude<Gate, { tier: 'silent' }>;
  readonly signal: AbortSignal;
  /** The environment (`CODEGRAPH_NO_DAEMON=1` keeps the hook off any daemon). */
  readonly env?: NodeJS.ProcessEnv;
}

/** The hook's output for a query: explore context, a short hint, or '' for silence. */
export async function answerHook(query: HookQuery): Promise<string> {
  const prompt: PromptQuery = query.gate.tier === 'structural'
    ? { prompt: query.prompt, structural: true, tokens: [], phrases: [] }
    : { prompt: query.prompt, structural: false, tokens: query.gate.tokens, phrases: query.gate.phrases };
  const answer = (await askDaemon(query.root, prompt, query.env ?? {})) ?? (await answerHere(query.root, prompt, query.signal));
  if (query.signal.aborted) return '';
  switch (answer.kind) {
    case 'explore':
      return capBytes(exploreContext(answer.text));
    case 'symbols':
      return symbolHint(answer.symbols);
    case 'none':
      return '';
  }
}

/** The answer of the project's running daemon; undefined when none of this version runs. */
async function askDaemon(root: string, query: PromptQuery, env: NodeJS.ProcessEnv): Promise<PromptAnswer | undefined> {
  return (await askRunningDaemon(root, ControlMethod.prompt, { ...query }, env)) as PromptAnswer | undefined;
}

/** Opens the index in this process (no daemon); the store and explore load only on this path. */
async function answerHere(root: string, query: PromptQuery, signal: AbortSignal): Promise<PromptAnswer> {
  const [{ IndexCache }, { promptContext }] = await Promise.all([import('../../project/index-cache.js'), import('../../tools/prompt/prompt-context.js')]);
  const cache = new IndexCache();
  try {
    const index = await cache.get(root);
    return index === undefined ? { kind: 'none' } : await promptContext(index, query, signal);
  } finally {
    cache.close();
  }
}
