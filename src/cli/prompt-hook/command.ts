/**
 * `codegraph prompt-hook`: Claude Code's UserPromptSubmit hook. Prints context for the prompt, or
 * nothing. It is degradable by contract: every failure (kill switch, bad input, no index, engine
 * error, timeout) exits 0 with no output at all, because a non-zero exit would block the prompt.
 */
import { classify } from './gate.js';
import { hookDisabled, parseHookInput } from './input.js';

/** What the hook reads and writes. */
export interface HookIo {
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  readonly stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  readonly stdout: NodeJS.WritableStream;
}

/** Default time the hook may take before it gives up silently. */
export const DEFAULT_TIMEOUT_MS = 8000;
/** Input beyond this is not read: a prompt is never this large, and the hook must stay fast. */
const MAX_INPUT_BYTES = 1024 * 1024;

/** Runs the hook; always resolves to 0. */
export async function runPromptHook(argv: readonly string[], io: HookIo): Promise<number> {
  try {
    if (hookDisabled(io.env)) return 0;
    const { path, words } = parseHookArgs(argv);
    const stdinText = words.length === 0 && io.stdin.isTTY !== true ? await readInput(io.stdin) : '';
    const request = parseHookInput(stdinText, words.length > 0 ? words.join(' ') : undefined);
    if (request === undefined) return 0;
    const gate = classify(request.prompt);
    if (gate.tier === 'silent') return 0;
    const root = await projectRoot([request.cwd, path, io.cwd]);
    if (root === undefined) return 0;
    const text = await withTimeout(timeoutOf(io.env), async (signal) => {
      const { answerHook } = await import('./engine.js');
      return answerHook({ prompt: request.prompt, root, gate, signal, env: io.env });
    });
    if (text !== '') await write(io.stdout, text);
  } catch {
    // Degradable by contract: say nothing.
  }
  return 0;
}

/** `--path DIR` / `-p DIR` and the prompt words; anything unknown is ignored rather than refused. */
function parseHookArgs(argv: readonly string[]): { path: string | undefined; words: string[] } {
  let path: string | undefined;
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--path' || arg === '-p') path = argv[++i];
    else if (arg.startsWith('--path=')) path = arg.slice('--path='.length);
    else words.push(arg);
  }
  return { path, words };
}

async function projectRoot(candidates: readonly (string | undefined)[]): Promise<string | undefined> {
  const { findIndexedProjectUp } = await import('../../project/resolve.js');
  for (const dir of candidates) {
    if (dir === undefined) continue;
    const root = findIndexedProjectUp(dir);
    if (root !== undefined) return root;
  }
  return undefined;
}

function timeoutOf(env: NodeJS.ProcessEnv): number {
  const value = Number(env['CODEGRAPH_PROMPT_HOOK_TIMEOUT_MS']);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_TIMEOUT_MS;
}

/** Runs `work`; after `ms` aborts it and resolves to '' (silence). */
async function withTimeout(ms: number, work: (signal: AbortSignal) => Promise<string>): Promise<string> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((done) => {
    timer = setTimeout(() => {
      controller.abort();
      done('');
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function readInput(input: NodeJS.ReadableStream): Promise<string> {
  return new Promise((done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    input.on('data', (chunk: Buffer | string) => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buffer.length;
      if (size <= MAX_INPUT_BYTES) chunks.push(buffer);
    });
    input.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
    input.on('error', () => done(''));
  });
}

function write(output: NodeJS.WritableStream, text: string): Promise<void> {
  return new Promise((done) => {
    output.on('error', () => done());
    output.write(text, () => done());
  });
}
