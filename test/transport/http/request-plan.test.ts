import assert from 'node:assert/strict';
import { test } from 'node:test';
import { planRequest } from '../../../src/transport/http/request-plan.js';

const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
const HEADERS = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' };

/** The era and error code of a refused plan (fails the test when the plan serves). */
function refusal(plan: ReturnType<typeof planRequest>): [string, number] {
  assert.equal(plan.kind, 'refuse');
  return plan.kind === 'refuse' ? [plan.era, plan.error.code] : ['', 0];
}

test('a modern request with agreeing headers is served in the modern era', () => {
  assert.deepEqual(planRequest(HEADERS, 'tools/list', { _meta: META }), { kind: 'serve', era: 'modern', legacyRevision: '2024-11-05' });
});

test('a missing _meta field is refused before a header mismatch', () => {
  const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' };
  assert.deepEqual(refusal(planRequest({}, 'tools/list', { _meta: meta })), ['modern', -32602]);
});

test('a header mismatch is refused before an unsupported version', () => {
  const meta = { ...META, 'io.modelcontextprotocol/protocolVersion': 'v999' };
  assert.deepEqual(refusal(planRequest({ ...HEADERS }, 'tools/list', { _meta: meta })), ['modern', -32020]);
});

test('an unsupported version with agreeing headers is -32022 with the supported list', () => {
  const meta = { ...META, 'io.modelcontextprotocol/protocolVersion': 'v999' };
  const plan = planRequest({ ...HEADERS, 'mcp-protocol-version': 'v999' }, 'tools/list', { _meta: meta });
  assert.equal(plan.kind, 'refuse');
  if (plan.kind === 'refuse') {
    assert.equal(plan.error.code, -32022);
    assert.deepEqual(plan.error.data, { supported: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'], requested: 'v999' });
  }
});

test('a handshake-era request is served at the header revision, else at 2025-03-26', () => {
  assert.deepEqual(planRequest({ 'mcp-protocol-version': '2025-06-18' }, 'tools/list', undefined), { kind: 'serve', era: 'legacy', legacyRevision: '2025-06-18' });
  assert.deepEqual(planRequest({}, 'tools/list', {}), { kind: 'serve', era: 'legacy', legacyRevision: '2025-03-26' });
});

test('initialize ignores the version header: its body negotiates', () => {
  assert.equal(planRequest({ 'mcp-protocol-version': 'nonsense' }, 'initialize', {}).kind, 'serve');
});

test('a handshake-era request naming an unknown revision in its header is refused with -32022', () => {
  assert.deepEqual(refusal(planRequest({ 'mcp-protocol-version': '1999-01-01' }, 'tools/list', {})), ['legacy', -32022]);
});

test('a 2026-07-28 header on a request without _meta is a missing _meta field', () => {
  assert.deepEqual(refusal(planRequest({ 'mcp-protocol-version': '2026-07-28' }, 'server/discover', {})), ['modern', -32602]);
});

test('a modern _meta naming a handshake revision is served statelessly in that era', () => {
  const meta = { ...META, 'io.modelcontextprotocol/protocolVersion': '2025-11-25' };
  assert.deepEqual(planRequest({ ...HEADERS, 'mcp-protocol-version': '2025-11-25' }, 'tools/list', { _meta: meta }), { kind: 'serve', era: 'legacy', legacyRevision: '2025-11-25' });
});

test('the refusals carry their exact words and data', () => {
  const missing = planRequest({ 'mcp-protocol-version': '2026-07-28' }, 'tools/list', {});
  assert.equal(missing.kind === 'refuse' ? missing.error.message : '', 'Invalid params: a 2026-07-28 request must carry params._meta with "io.modelcontextprotocol/protocolVersion" and "io.modelcontextprotocol/clientCapabilities"');
  const unknown = planRequest({ 'mcp-protocol-version': '1999-01-01' }, 'tools/list', {});
  assert.ok(unknown.kind === 'refuse');
  assert.equal(unknown.error.message, 'Unsupported protocol version');
  const data = unknown.error.data as { supported: string[]; requested: string };
  assert.equal(data.requested, '1999-01-01');
  assert.ok(data.supported.includes('2026-07-28') && data.supported.includes('2025-06-18') && data.supported.length >= 4, JSON.stringify(data.supported));
});

test('params that are null, an array or a string are no params: the request is served by its header', () => {
  for (const params of [null, [], 'x', 3]) {
    assert.deepEqual(planRequest({ 'mcp-protocol-version': '2025-06-18' }, 'tools/list', params), { kind: 'serve', era: 'legacy', legacyRevision: '2025-06-18' }, JSON.stringify(params));
  }
});
