import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SseWriter, sseEvent } from '../../../src/transport/http/sse.js';
import { FakeResponse } from './fake-response.js';

test('the stream opens with its headers and sends each event on one data line', async () => {
  const r = new FakeResponse();
  const sse = new SseWriter(r.res);
  assert.deepEqual(r.heads, [{ status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' } }]);
  await sse.send({ a: 'x\ny' });
  assert.deepEqual(r.writes, [sseEvent({ a: 'x\ny' })]);
  assert.equal(sseEvent({ a: 1 }), 'event: message\ndata: {"a":1}\n\n');
});

test('open is false once the response ended or was destroyed; nothing is written or ended then', async () => {
  for (const state of [{ writableEnded: true }, { destroyed: true }] as Partial<FakeResponse>[]) {
    const r = new FakeResponse();
    const sse = new SseWriter(r.res);
    assert.equal(sse.open, true);
    Object.assign(r, state);
    assert.equal(sse.open, false, JSON.stringify(state));
    await sse.send({ a: 1 });
    await sse.end();
    assert.deepEqual([r.writes.length, r.ends], [0, 0], JSON.stringify(state));
  }
});

test('a full socket holds the next event until drain, or until the client goes; no listener is left behind', async () => {
  for (const wake of ['drain', 'close'] as const) {
    const r = new FakeResponse();
    const sse = new SseWriter(r.res);
    r.accept = false;
    let firstDone = false;
    const first = sse.send({ n: 1 }).then(() => {
      firstDone = true;
    });
    const second = sse.send({ n: 2 });
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(firstDone, false, 'waiting for the socket');
    assert.equal(r.writes.length, 1, 'the second event waits its turn');
    assert.deepEqual([r.listenerCount('drain'), r.listenerCount('close')], [1, 1]);
    r.accept = true;
    if (wake === 'close') r.destroyed = true;
    r.emit(wake);
    await first;
    await second;
    assert.deepEqual([r.listenerCount('drain'), r.listenerCount('close')], [0, 0], wake);
    assert.equal(r.writes.length, wake === 'drain' ? 2 : 1, `after ${wake}`);
    await sse.end();
    assert.equal(r.ends, wake === 'drain' ? 1 : 0);
  }
});
