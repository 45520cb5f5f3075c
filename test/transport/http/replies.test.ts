import assert from 'node:assert/strict';
import { test } from 'node:test';
import { replyEmpty, replyError, replyJson } from '../../../src/transport/http/replies.js';
import { FakeResponse } from './fake-response.js';

test('replyJson writes the status, JSON type and byte length, then the body', () => {
  const r = new FakeResponse();
  replyJson(r.res, 200, { a: 'é' }, { 'x-extra': '1' });
  assert.deepEqual(r.heads, [{ status: 200, headers: { 'x-extra': '1', 'content-type': 'application/json', 'content-length': 10 } }]);
  assert.equal(r.body, '{"a":"é"}');
});

test('replyJson and replyEmpty do nothing once the headers went out, or once the response ended', () => {
  for (const started of [{ headersSent: true, writableEnded: false }, { headersSent: false, writableEnded: true }] as Partial<FakeResponse>[]) {
    const r = Object.assign(new FakeResponse(), started);
    replyJson(r.res, 500, { a: 1 });
    replyEmpty(r.res, 202);
    assert.deepEqual([r.heads.length, r.ends], [0, 0], JSON.stringify(started));
  }
});

test('replyEmpty answers a status with an empty body; replyError a JSON-RPC error without id unless given', () => {
  const r = new FakeResponse();
  replyEmpty(r.res, 202, { 'x-a': 'b' });
  assert.deepEqual(r.heads, [{ status: 202, headers: { 'x-a': 'b', 'content-length': 0 } }]);
  assert.equal(r.ends, 1);
  const e = new FakeResponse();
  replyError(e.res, 400, -32700, 'Parse error');
  assert.deepEqual(JSON.parse(e.body), { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } });
  const withId = new FakeResponse();
  replyError(withId.res, 400, -32600, 'bad', 7);
  assert.equal((JSON.parse(withId.body) as { id: number }).id, 7);
});
