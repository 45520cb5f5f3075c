/**
 * The prompt hook's input: Claude Code's `{prompt, cwd, ...}` JSON on stdin, a raw prompt on
 * stdin, or a prompt given as arguments. Host-generated task notifications are not prompts.
 */

/** A prompt and the folder it was typed in, when the host said. */
export interface HookRequest {
  readonly prompt: string;
  readonly cwd: string | undefined;
}

/** Reads a request; undefined for input that is not one (bad JSON, no prompt, a task notification). */
export function parseHookInput(stdinText: string, argPrompt: string | undefined): HookRequest | undefined {
  let request: HookRequest | undefined;
  if (argPrompt !== undefined && argPrompt.trim() !== '') request = { prompt: argPrompt, cwd: undefined };
  else if (/^\s*\{/.test(stdinText)) request = fromJson(stdinText);
  else if (stdinText.trim() !== '') request = { prompt: stdinText, cwd: undefined };
  if (request === undefined || isTaskNotification(request.prompt)) return undefined;
  return request;
}

/** Whether the prompt's first non-blank content is a `<task-notification>` the host generated. */
export function isTaskNotification(prompt: string): boolean {
  return /^\s*<task-notification>/.test(prompt);
}

function fromJson(text: string): HookRequest | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const prompt = record['prompt'];
  if (typeof prompt !== 'string' || prompt.trim() === '') return undefined;
  const cwd = record['cwd'];
  return { prompt, cwd: typeof cwd === 'string' && cwd !== '' ? cwd : undefined };
}

/** Whether the environment turns the hook off (`CODEGRAPH_NO_PROMPT_HOOK=1` or `CODEGRAPH_PROMPT_HOOK=0`). */
export function hookDisabled(env: NodeJS.ProcessEnv): boolean {
  const no = env['CODEGRAPH_NO_PROMPT_HOOK'];
  const yes = env['CODEGRAPH_PROMPT_HOOK'];
  return (no !== undefined && no !== '' && no !== '0') || yes === '0';
}
