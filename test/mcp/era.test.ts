import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ErrorCode, ProtocolError } from '../../src/jsonrpc/errors.js';
import { hasModernMeta, selectEra } from '../../src/mcp/era.js';
import { negotiateLegacy, SUPPORTED_REVISIONS } from '../../src/mcp/revisions.js';

const V = 'io.modelcontextprotocol/protocolVersion';
const C = 'io.modelcontextprotocol/clientCapabilities';

test('selectEra serves a request without _meta at the negotiated legacy revision', () => {
  assert.deepEqual(selectEra(undefined, '2025-06-18'), { kind: 'legacy', revision: '2025-06-18' });
  assert.deepEqual(selectEra({ _meta: { progressToken: 1 } }, '2024-11-05'), { kind: 'legacy', revision: '2024-11-05' });
});

test('selectEra serves a request with modern _meta at 2026-07-28 whatever was negotiated', () => {
  const era = selectEra({ _meta: { [V]: '2026-07-28', [C]: { roots: {} } } }, '2025-11-25');
  assert.deepEqual(era, { kind: 'modern', revision: '2026-07-28', clientCapabilities: { roots: {} } });
});

test('selectEra rejects a modern request without clientCapabilities with -32602 naming the field', () => {
  assert.throws(
    () => selectEra({ _meta: { [V]: '2026-07-28' } }, '2024-11-05'),
    (e: unknown) => e instanceof ProtocolError && e.code === ErrorCode.InvalidParams && e.message.includes('clientCapabilities'),
  );
});

test('selectEra rejects clientCapabilities that is not an object', () => {
  assert.throws(() => selectEra({ _meta: { [V]: '2026-07-28', [C]: [] } }, '2024-11-05'), (e: unknown) => e instanceof ProtocolError && e.code === ErrorCode.InvalidParams);
});

test('selectEra rejects a modern request without protocolVersion with -32602', () => {
  assert.throws(() => selectEra({ _meta: { [C]: {} } }, '2024-11-05'), (e: unknown) => e instanceof ProtocolError && e.code === ErrorCode.InvalidParams);
});

test('selectEra answers an unknown revision with -32022 carrying supported and requested', () => {
  assert.throws(
    () => selectEra({ _meta: { [V]: '2030-01-01', [C]: {} } }, '2024-11-05'),
    (e: unknown) =>
      e instanceof ProtocolError &&
      e.code === ErrorCode.UnsupportedProtocolVersion &&
      JSON.stringify(e.data) === JSON.stringify({ supported: SUPPORTED_REVISIONS, requested: '2030-01-01' }),
  );
});

test('selectEra reports a missing field before an unsupported version', () => {
  assert.throws(() => selectEra({ _meta: { [V]: '2030-01-01' } }, '2024-11-05'), (e: unknown) => e instanceof ProtocolError && e.code === ErrorCode.InvalidParams);
});

test('selectEra serves a handshake-era revision named in _meta with that revision', () => {
  assert.deepEqual(selectEra({ _meta: { [V]: '2025-03-26', [C]: {} } }, '2024-11-05'), { kind: 'legacy', revision: '2025-03-26' });
});

test('negotiateLegacy echoes the four handshake revisions and falls back otherwise', () => {
  for (const v of ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25']) assert.equal(negotiateLegacy(v), v);
  for (const v of ['2026-07-28', '2099-01-01', '', 42, undefined, null]) assert.equal(negotiateLegacy(v), '2024-11-05');
});

test('selectEra answers an empty protocol version as invalid params (-32602), never as an unsupported version', () => {
  assert.throws(
    () => selectEra({ _meta: { [V]: '', [C]: {} } }, '2024-11-05'),
    (e: unknown) => e instanceof ProtocolError && e.code === ErrorCode.InvalidParams,
  );
});

test('selectEra serves a _meta that is null, a string, an array or a number at the legacy revision', () => {
  for (const meta of [null, 'x', [V, C], 7]) assert.deepEqual(selectEra({ _meta: meta }, '2025-06-18'), { kind: 'legacy', revision: '2025-06-18' }, JSON.stringify(meta));
});

test('selectEra answers a protocol version that is not a string, and capabilities that are null, an array or a string, with -32602', () => {
  const invalid = (e: unknown): boolean => e instanceof ProtocolError && e.code === ErrorCode.InvalidParams;
  for (const version of [20260728, null, true, {}]) assert.throws(() => selectEra({ _meta: { [V]: version, [C]: {} } }, '2024-11-05'), invalid, JSON.stringify(version));
  for (const caps of [null, 'roots', [], 3]) assert.throws(() => selectEra({ _meta: { [V]: '2026-07-28', [C]: caps } }, '2024-11-05'), invalid, JSON.stringify(caps));
});

test('selectEra names the supported revisions and the requested one when a version is unsupported', () => {
  assert.throws(
    () => selectEra({ _meta: { [V]: '2030-01-01', [C]: {} } }, '2024-11-05'),
    (e: unknown) => e instanceof ProtocolError && e.code === ErrorCode.UnsupportedProtocolVersion && JSON.stringify(e.data) === JSON.stringify({ supported: [...SUPPORTED_REVISIONS], requested: '2030-01-01' }),
  );
});

test('selectEra serves a handshake-era revision named per request as legacy at that revision, and the modern one with its capabilities', () => {
  const older = SUPPORTED_REVISIONS.find((r) => r !== '2026-07-28') ?? '';
  assert.deepEqual(selectEra({ _meta: { [V]: older, [C]: {} } }, '2024-11-05'), { kind: 'legacy', revision: older });
  assert.deepEqual(selectEra({ _meta: { [V]: '2026-07-28', [C]: { sampling: {} } } }, '2024-11-05'), { kind: 'modern', revision: '2026-07-28', clientCapabilities: { sampling: {} } });
});

test('hasModernMeta is true only for an object _meta carrying a modern key', () => {
  assert.equal(hasModernMeta(undefined), false);
  assert.equal(hasModernMeta({ _meta: null }), false);
  assert.equal(hasModernMeta({ _meta: [V] }), false);
  assert.equal(hasModernMeta({ _meta: { progressToken: 1 } }), false);
  assert.equal(hasModernMeta({ _meta: { [V]: 'x' } }), true);
  assert.equal(hasModernMeta({ _meta: { 'io.modelcontextprotocol/clientInfo': {} } }), true);
});

test('selectEra\'s errors carry their exact messages', () => {
  assert.throws(() => selectEra({ _meta: { [C]: {} } }, '2025-06-18'), { message: 'Invalid params: _meta["io.modelcontextprotocol/protocolVersion"] must be a protocol revision string' });
  assert.throws(() => selectEra({ _meta: { [V]: '2026-07-28', [C]: [] } }, '2025-06-18'), { message: 'Invalid params: _meta["io.modelcontextprotocol/clientCapabilities"] must be an object ({} when the client has none)' });
  assert.throws(() => selectEra({ _meta: { [V]: '1999-01-01', [C]: {} } }, '2025-06-18'), { message: 'Unsupported protocol version' });
});
