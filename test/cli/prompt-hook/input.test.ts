import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hookDisabled, isTaskNotification, parseHookInput } from '../../../src/cli/prompt-hook/input.js';

test('parseHookInput reads Claude Code JSON with prompt and cwd', () => {
  assert.deepEqual(parseHookInput('{"session_id":"s","prompt":"how does it work","cwd":"/p","hook_event_name":"UserPromptSubmit"}', undefined), { prompt: 'how does it work', cwd: '/p' });
});

test('parseHookInput takes a raw prompt from stdin or from arguments', () => {
  assert.deepEqual(parseHookInput('how does X work\n', undefined), { prompt: 'how does X work\n', cwd: undefined });
  assert.deepEqual(parseHookInput('', 'how does X work'), { prompt: 'how does X work', cwd: undefined });
});

test('parseHookInput gives nothing for bad JSON, a missing prompt or empty input', () => {
  assert.equal(parseHookInput('{"prompt": ', undefined), undefined);
  assert.equal(parseHookInput('{"cwd": "/p"}', undefined), undefined);
  assert.equal(parseHookInput('  \n', undefined), undefined);
});

test('a prompt starting with <task-notification> is discarded; the same text later is not', () => {
  assert.equal(parseHookInput('{"prompt":"  \\n<task-notification>done</task-notification>"}', undefined), undefined);
  assert.equal(isTaskNotification('we saw <task-notification> in the log; how does it get there?'), false);
});

test('hookDisabled reads both kill switches', () => {
  assert.equal(hookDisabled({ CODEGRAPH_NO_PROMPT_HOOK: '1' }), true);
  assert.equal(hookDisabled({ CODEGRAPH_PROMPT_HOOK: '0' }), true);
  assert.equal(hookDisabled({ CODEGRAPH_NO_PROMPT_HOOK: '0', CODEGRAPH_PROMPT_HOOK: '1' }), false);
  assert.equal(hookDisabled({}), false);
});
