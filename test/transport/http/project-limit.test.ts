import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { ToolCallContext, ToolResult, ToolService } from '../../../src/mcp/tool-service.js';
import { ProjectLimitedTools } from '../../../src/transport/http/project-limit.js';
import { makeIndexedProject, makeTempDir, removeDir } from '../../support/project.js';

const inner: ToolService = {
  list: () => [],
  call: async (name: string): Promise<ToolResult> => ({ text: `ran ${name}` }),
};
const context: ToolCallContext = { signal: new AbortController().signal, progress: () => undefined };
const roots: string[] = [];

before(async () => {
  for (let i = 0; i < 3; i++) roots.push(await makeIndexedProject('codegraph-limit-'));
  roots.push(await makeTempDir('codegraph-limit-plain-'));
});
after(async () => {
  for (const root of roots) await removeDir(root);
});

test('calls naming up to the bound of projects run; one more project is a tool error', async () => {
  const tools = new ProjectLimitedTools(inner, { defaultProject: undefined, cwd: '/', max: 2 });
  assert.deepEqual(await tools.call('t', { projectPath: roots[0] }, context), { text: 'ran t' });
  assert.deepEqual(await tools.call('t', { projectPath: roots[1] }, context), { text: 'ran t' });
  assert.deepEqual(await tools.call('t', { projectPath: roots[0] }, context), { text: 'ran t' });
  const refused = await tools.call('t', { projectPath: roots[2] }, context);
  assert.equal(refused.isError, true);
  assert.match(refused.text, /already answers for 2 projects/);
  assert.deepEqual(tools.projects, [roots[0], roots[1]]);
});

test('calls that name no indexed project do not count toward the bound', async () => {
  const tools = new ProjectLimitedTools(inner, { defaultProject: undefined, cwd: '/', max: 1 });
  assert.deepEqual(await tools.call('t', { projectPath: roots[3] }, context), { text: 'ran t' });
  assert.deepEqual(await tools.call('t', {}, context), { text: 'ran t' });
  assert.deepEqual(tools.projects, []);
});

test('arguments that are not an object name no project; the default-project question is passed on', async () => {
  const tools = new ProjectLimitedTools(inner, { defaultProject: undefined, cwd: '/', max: 1 });
  for (const args of [null, undefined, 'x', 3]) assert.deepEqual(await tools.call('t', args, context), { text: 'ran t' });
  assert.equal(tools.hasDefaultProject(), false);
  const withDefault = new ProjectLimitedTools({ ...inner, hasDefaultProject: () => true }, { defaultProject: undefined, cwd: '/' });
  assert.equal(withDefault.hasDefaultProject(), true);
});
