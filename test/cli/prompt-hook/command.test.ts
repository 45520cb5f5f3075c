/** End-to-end: the built CLI as Claude Code runs it, on a small indexed project. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { after, before, test } from 'node:test';
import { CLI_PATH, cliEnv } from '../../support/cli.js';
import { generatedProject, type FixtureProject } from '../../support/fixture-project.js';

let project: FixtureProject;
const empty = mkdtempSync(`${tmpdir()}/codegraph-noindex-`);

before(async () => {
  project = await generatedProject({
    'src/checkout.ts': [
      '/** Moves an order through its checkout states. */',
      'export class CheckoutStateMachine {',
      '  advance(): string { return getUserId(); }',
      '}',
      '',
      '/** The signed-in user. */',
      'export function getUserId(): string { return "u1"; }',
      '',
    ].join('\n'),
    'src/main.ts': 'import { CheckoutStateMachine } from "./checkout";\nexport function main(): void { new CheckoutStateMachine().advance(); }\n',
    'src/server.ts': 'import { getUserId } from "./checkout";\nexport const router = Router();\nrouter.post("/api/login", (req, res) => res.send(getUserId()));\nrouter.get("/api/users/:id", (req, res) => res.send(getUserId()));\n',
  });
});
after(() => {
  project.cleanup();
  rmSync(empty, { recursive: true, force: true });
});

function hook(input: string, options: { args?: readonly string[]; env?: Record<string, string>; cwd?: string } = {}): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI_PATH, 'prompt-hook', ...(options.args ?? [])], {
    input,
    encoding: 'utf8',
    cwd: options.cwd ?? empty,
    env: cliEnv(options.env ?? {}),
    timeout: 60_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const payload = (prompt: string, cwd?: string): string => JSON.stringify({ session_id: 's', hook_event_name: 'UserPromptSubmit', prompt, cwd: cwd ?? project.root });

test('a structural question injects explore output under 9,000 bytes', () => {
  const r = hook(payload('how does the checkout advance work?'));
  assert.equal(r.status, 0);
  assert.match(r.stdout, /^CodeGraph context for this prompt/);
  assert.match(r.stdout, /CheckoutStateMachine/);
  assert.ok(Buffer.byteLength(r.stdout, 'utf8') <= 9000);
  assert.equal(r.stderr, '');
});

test('a verified code-shaped token injects explore output', () => {
  const r = hook(payload('rename getUserId to currentUserId'));
  assert.match(r.stdout, /^CodeGraph context for this prompt/);
});

test('a route\'s path in the prompt injects explore output when the index has that route', () => {
  const r = hook(payload('the /api/login endpoint answers 500'));
  assert.match(r.stdout, /^CodeGraph context for this prompt/);
  assert.match(r.stdout, /POST \/api\/login/);
  assert.deepEqual([r.status, hook(payload('the /api/logout endpoint answers 500')).stdout], [0, '']);
});

test('a route\'s path written in another placeholder style is that route', () => {
  const r = hook(payload('the /api/users/{userId} endpoint answers 500'));
  assert.match(r.stdout, /^CodeGraph context for this prompt/);
  assert.match(r.stdout, /GET \/api\/users\/:id/);
  assert.equal(hook(payload('the /api/users/{userId}/posts endpoint answers 500')).stdout, '');
});

test('plain words matching symbol-name segments give a short hint, not source', () => {
  const r = hook(payload('the checkout state machine skips a step'));
  assert.equal(r.status, 0);
  assert.match(r.stdout, /^CodeGraph: words in this prompt match these indexed symbols:\n- `CheckoutStateMachine` \(class, src\/checkout\.ts:2\)\n/);
  assert.doesNotMatch(r.stdout, /```/);
});

test('ordinary prose and unverified tokens print nothing', () => {
  for (const prompt of ['please fix this typo', 'rename fooBarBaz please', 'the weather service is slow']) {
    const r = hook(payload(prompt));
    assert.deepEqual([r.status, r.stdout, r.stderr], [0, '', ''], prompt);
  }
});

test('the output is the same bytes every time', () => {
  const input = payload('how does the checkout advance work?');
  assert.equal(hook(input).stdout, hook(input).stdout);
});

test('a raw prompt as an argument resolves the project from --path', () => {
  const r = hook('', { args: ['--path', project.root, 'how does getUserId work'] });
  assert.match(r.stdout, /getUserId/);
});

test('the project is found from the process cwd when the payload has none', () => {
  const r = hook(JSON.stringify({ prompt: 'how does getUserId work' }), { cwd: project.root });
  assert.match(r.stdout, /getUserId/);
});

const FAILURES: readonly [string, () => ReturnType<typeof hook>][] = [
  ['CODEGRAPH_NO_PROMPT_HOOK=1', () => hook(payload('how does it work'), { env: { CODEGRAPH_NO_PROMPT_HOOK: '1' } })],
  ['CODEGRAPH_PROMPT_HOOK=0', () => hook(payload('how does it work'), { env: { CODEGRAPH_PROMPT_HOOK: '0' } })],
  ['a task notification', () => hook(payload('<task-notification>how does it work</task-notification>'))],
  ['bad JSON', () => hook('{"prompt": "how does')],
  ['no index', () => hook(payload('how does getUserId work', empty))],
  ['a timeout', () => hook(payload('how does getUserId work'), { env: { CODEGRAPH_PROMPT_HOOK_TIMEOUT_MS: '1' } })],
  ['empty input', () => hook('')],
];

for (const [name, call] of FAILURES) {
  test(`the hook exits 0 with no output on ${name}`, () => {
    const r = call();
    assert.deepEqual([r.status, r.stdout, r.stderr], [0, '', '']);
  });
}
