import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkStandardHeaders, decodeHeaderValue, expectedName } from '../../../src/transport/http/mcp-headers.js';

test('decodeHeaderValue trims whitespace and decodes the =?base64?…?= form', () => {
  assert.deepEqual(decodeHeaderValue('  tools/call \t'), { kind: 'ok', value: 'tools/call' });
  assert.deepEqual(decodeHeaderValue(`=?base64?${Buffer.from('héllo').toString('base64')}?=`), { kind: 'ok', value: 'héllo' });
  assert.deepEqual(decodeHeaderValue('=?BASE64?SGVsbG8=?='), { kind: 'ok', value: 'Hello' });
});

test('decodeHeaderValue treats a value without the exact wrapper as literal', () => {
  assert.deepEqual(decodeHeaderValue('SGVsbG8='), { kind: 'ok', value: 'SGVsbG8=' });
  assert.deepEqual(decodeHeaderValue('=?base64?SGVsbG8='), { kind: 'ok', value: '=?base64?SGVsbG8=' });
});

test('decodeHeaderValue refuses bad Base64 padding, characters and non-UTF-8 payloads', () => {
  assert.equal(decodeHeaderValue('=?base64?SGVsbG8?=').kind, 'invalid');
  assert.equal(decodeHeaderValue('=?base64?SGVs!!!bG8=?=').kind, 'invalid');
  assert.equal(decodeHeaderValue(`=?base64?${Buffer.from([0xff, 0xfe]).toString('base64')}?=`).kind, 'invalid');
});

test('expectedName reads params.name for tools/call and prompts/get, params.uri for resources/read', () => {
  assert.equal(expectedName('tools/call', { name: 't' }), 't');
  assert.equal(expectedName('prompts/get', { name: 'p' }), 'p');
  assert.equal(expectedName('resources/read', { uri: 'file:///x' }), 'file:///x');
  assert.equal(expectedName('tools/list', { name: 'x' }), undefined);
  assert.equal(expectedName('tools/list', { uri: 'file:///x' }), undefined);
  assert.equal(expectedName('tools/call', { uri: 'file:///x' }), undefined);
  assert.equal(expectedName('resources/read', { name: 'x' }), undefined);
  assert.equal(expectedName('tools/call', { name: 7 }), undefined);
});

const EXPECT = { protocolVersion: '2026-07-28', method: 'tools/call', name: 'codegraph_search' };
const GOOD = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'codegraph_search' };

test('checkStandardHeaders accepts headers that repeat the body', () => {
  assert.deepEqual(checkStandardHeaders(GOOD, EXPECT), { kind: 'ok' });
  assert.deepEqual(checkStandardHeaders({ ...GOOD, 'mcp-name': '  codegraph_search  ' }, EXPECT), { kind: 'ok' });
});

const MISMATCHES: ReadonlyArray<readonly [string, Record<string, string>, RegExp]> = [
  ['a missing version', { 'mcp-method': 'tools/call', 'mcp-name': 'codegraph_search' }, /MCP-Protocol-Version header is missing/],
  ['another version', { ...GOOD, 'mcp-protocol-version': '2025-11-25' }, /MCP-Protocol-Version header is "2025-11-25"/],
  ['a missing method', { 'mcp-protocol-version': '2026-07-28', 'mcp-name': 'codegraph_search' }, /Mcp-Method header is missing/],
  ['a method of another case', { ...GOOD, 'mcp-method': 'TOOLS/CALL' }, /Mcp-Method header is "TOOLS\/CALL"/],
  ['a missing name', { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call' }, /Mcp-Name header is missing/],
  ['another name', { ...GOOD, 'mcp-name': 'wrong_tool_name' }, /Mcp-Name header is "wrong_tool_name"/],
  ['an invalid Base64 name', { ...GOOD, 'mcp-name': '=?base64?%%?=' }, /Mcp-Name header is not valid Base64/],
];
for (const [what, headers, message] of MISMATCHES) {
  test(`checkStandardHeaders reports ${what}`, () => {
    const verdict = checkStandardHeaders(headers, EXPECT);
    assert.equal(verdict.kind, 'mismatch');
    if (verdict.kind === 'mismatch') assert.match(verdict.message, message);
  });
}

test('decodeHeaderValue: only a value wrapped exactly is Base64, and each failure says why', () => {
  const b64 = Buffer.from('tools/call', 'utf8').toString('base64');
  assert.deepEqual(decodeHeaderValue(`=?base64?${b64}?=`), { kind: 'ok', value: 'tools/call' });
  // Not wrapped exactly: literal.
  assert.deepEqual(decodeHeaderValue(`x=?base64?${b64}?=`), { kind: 'ok', value: `x=?base64?${b64}?=` });
  assert.deepEqual(decodeHeaderValue(`=?base64?${b64}?=x`), { kind: 'ok', value: `=?base64?${b64}?=x` });
  // Bad characters before or after valid ones.
  assert.deepEqual(decodeHeaderValue('=?base64?!abc?='), { kind: 'invalid', reason: 'is not valid Base64' });
  assert.deepEqual(decodeHeaderValue('=?base64?abc!?='), { kind: 'invalid', reason: 'is not valid Base64' });
  assert.deepEqual(decodeHeaderValue(`=?base64?${Buffer.from([0xff, 0xfe, 0xfd]).toString('base64')}?=`), { kind: 'invalid', reason: 'does not decode to UTF-8 text' });
});

test('expectedName: prompts/get and tools/call name a target by name, resources/read by uri, others none', () => {
  assert.equal(expectedName('prompts/get', { name: 'p', uri: 'u' }), 'p');
  assert.equal(expectedName('tools/call', { name: 't' }), 't');
  assert.equal(expectedName('resources/read', { name: 'n', uri: 'file:///x' }), 'file:///x');
  assert.equal(expectedName('tools/list', { name: 'n' }), undefined);
});

test('a header sent twice is compared as node joins it', () => {
  const verdict = checkStandardHeaders({ 'mcp-protocol-version': '2026-07-28', 'mcp-method': ['tools/call', 'tools/call'] as unknown as string }, { protocolVersion: '2026-07-28', method: 'tools/call', name: undefined });
  assert.deepEqual(verdict, { kind: 'mismatch', message: 'Header mismatch: the Mcp-Method header is "tools/call, tools/call" but the body says "tools/call"' });
});
