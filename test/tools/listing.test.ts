import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TOOL_DEFINITIONS } from '../../src/tools/definitions.js';
import { listTools, selectListed } from '../../src/tools/listing.js';

test('selectListed defaults to explore, node, search, callers', () => {
  assert.deepEqual(selectListed(undefined), { shortNames: ['explore', 'node', 'search', 'callers'], unknown: [] });
  assert.deepEqual(selectListed('  ').shortNames, ['explore', 'node', 'search', 'callers']);
});

test('selectListed keeps canonical order and reports unknown names', () => {
  assert.deepEqual(selectListed('check, impact ,codegraph_search,bogus'), { shortNames: ['search', 'impact', 'check'], unknown: ['bogus'] });
});

test('selectListed falls back to the default set when every name is unknown', () => {
  assert.deepEqual(selectListed('nope').shortNames, ['explore', 'node', 'search', 'callers']);
});

test('listTools adds projectPath to required only without a default project', () => {
  const withDefault = listTools(['search'], true);
  const without = listTools(['search', 'status'], false);
  assert.deepEqual(withDefault[0]?.inputSchema.required, ['query']);
  assert.deepEqual(without[0]?.inputSchema.required, ['query', 'projectPath']);
  assert.deepEqual(without[1]?.inputSchema.required, ['projectPath']);
});

test('every tool has a valid name, a description and the read-only annotations', () => {
  assert.equal(TOOL_DEFINITIONS.length, 10);
  for (const t of listTools(TOOL_DEFINITIONS.map((d) => d.short), true)) {
    assert.match(t.name, /^[A-Za-z0-9_.-]{1,128}$/);
    assert.ok(t.description.length > 20);
    assert.deepEqual(t.annotations, { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    assert.equal(t.inputSchema.type, 'object');
    assert.ok('projectPath' in t.inputSchema.properties);
  }
});
