import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ResponseChannel } from '../../../src/transport/http/response-channel.js';
import { FakeResponse } from './fake-response.js';

const LEGACY = { era: { kind: 'legacy', revision: '2025-06-18' }, streamable: true } as const;
const reply = { jsonrpc: '2.0', id: 1, result: { ok: true } };
const progress = { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 't', progress: 1 } };

test('a reply first is one JSON answer; anything after it is dropped', async () => {
  const r = new FakeResponse();
  const channel = new ResponseChannel(r.res, LEGACY as never);
  assert.equal(channel.replied, false);
  await channel.send(reply);
  assert.equal(channel.replied, true);
  await channel.send({ ...reply, id: 2 });
  await channel.send(progress);
  await channel.close();
  assert.equal(r.heads.length, 1);
  assert.equal(r.heads[0]?.headers['content-type'], 'application/json');
  assert.deepEqual(JSON.parse(r.body), reply);
  assert.equal(r.ends, 1);
});

test('a notification first opens an event stream that the reply then closes', async () => {
  const r = new FakeResponse();
  const channel = new ResponseChannel(r.res, LEGACY as never);
  await channel.send(progress);
  assert.equal(r.heads[0]?.headers['content-type'], 'text/event-stream');
  await channel.send(reply);
  assert.deepEqual(r.writes, [`event: message\ndata: ${JSON.stringify(progress)}\n\n`, `event: message\ndata: ${JSON.stringify(reply)}\n\n`]);
  assert.equal(r.ends, 1);
  await channel.close();
  assert.equal(r.ends, 1, 'close after the reply changes nothing');
});

test('notifications are dropped without a stream, and a request (a message with an id and a method) never opens one', async () => {
  const plain = new FakeResponse();
  await new ResponseChannel(plain.res, { ...LEGACY, streamable: false } as never).send(progress);
  const request = new FakeResponse();
  await new ResponseChannel(request.res, LEGACY as never).send({ jsonrpc: '2.0', id: 9, method: 'roots/list' });
  const neither = new FakeResponse();
  await new ResponseChannel(neither.res, { ...LEGACY, streamable: false } as never).send({ jsonrpc: '2.0' });
  for (const r of [plain, request, neither]) assert.deepEqual([r.heads.length, r.writes.length, r.ends], [0, 0, 0]);
});

test('a message with a method is not a reply even when it carries a result', async () => {
  const r = new FakeResponse();
  const channel = new ResponseChannel(r.res, { ...LEGACY, streamable: false } as never);
  await channel.send({ jsonrpc: '2.0', method: 'x', result: 1 });
  assert.equal(channel.replied, false);
  await channel.send({ jsonrpc: '2.0', id: 3, error: { code: -1, message: 'm' } });
  assert.equal(channel.replied, true);
});

test('close without a reply: 204 with no body, once; nothing on a response already started or gone', async () => {
  const r = new FakeResponse();
  const channel = new ResponseChannel(r.res, LEGACY as never);
  await channel.close();
  await channel.close();
  assert.deepEqual(r.heads, [{ status: 204, headers: { 'content-length': 0 } }]);
  assert.equal(r.ends, 1);
  assert.equal(channel.replied, true);
  for (const state of [{ headersSent: true }, { destroyed: true }] as Partial<FakeResponse>[]) {
    const s = Object.assign(new FakeResponse(), state);
    await new ResponseChannel(s.res, LEGACY as never).close();
    assert.deepEqual([s.heads.length, s.ends], [0, 0], JSON.stringify(state));
  }
});

test('close of an open stream ends it', async () => {
  const r = new FakeResponse();
  const channel = new ResponseChannel(r.res, LEGACY as never);
  await channel.send(progress);
  await channel.close();
  assert.equal(r.ends, 1);
  assert.equal(r.heads.length, 1);
});
