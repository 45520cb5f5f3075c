import assert from 'node:assert/strict';
import { test } from 'node:test';
import { statusForReply } from '../../../src/transport/http/status.js';

test('envelope errors are 400 in both eras', () => {
  for (const code of [-32700, -32600, -32020, -32021, -32022]) {
    assert.equal(statusForReply(code, 'legacy'), 400);
    assert.equal(statusForReply(code, 'modern'), 400);
  }
});

test('method-level errors carry their status in the modern era and travel in a 200 in the handshake era', () => {
  assert.deepEqual([statusForReply(-32601, 'modern'), statusForReply(-32602, 'modern'), statusForReply(-32603, 'modern')], [404, 400, 500]);
  assert.deepEqual([statusForReply(-32601, 'legacy'), statusForReply(-32602, 'legacy'), statusForReply(-32603, 'legacy')], [200, 200, 200]);
  assert.equal(statusForReply(undefined, 'modern'), 200);
});

test('statusForReply: an internal error is 500 in the modern era only; other codes 200', () => {
  assert.equal(statusForReply(-32603, 'modern'), 500);
  assert.equal(statusForReply(-32603, 'legacy'), 200);
  assert.equal(statusForReply(-32001, 'modern'), 200);
});

test('errorCodeOf reads a numeric error code and nothing else', async () => {
  const { errorCodeOf } = await import('../../../src/transport/http/status.js');
  assert.equal(errorCodeOf({ error: { code: -32600 } }), -32600);
  assert.equal(errorCodeOf({ error: null }), undefined);
  assert.equal(errorCodeOf({ error: 'x' }), undefined);
  assert.equal(errorCodeOf({ error: { code: '1' } }), undefined);
  assert.equal(errorCodeOf({ result: {} }), undefined);
});
