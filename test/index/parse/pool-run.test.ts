import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Worker } from 'node:worker_threads';
import type { BatchRequest, ParseJob, ParseResult } from '../../../src/index/parse/jobs.js';
import { PoolRun, type PoolWorkers, type Slot } from '../../../src/index/parse/pool-run.js';

/** One slot whose worker only records what it is sent, and a pool around it. */
function fakePool(): { pool: PoolWorkers; slot: Slot; sent: BatchRequest[]; ended: () => boolean } {
  const sent: BatchRequest[] = [];
  const slot: Slot = { worker: { postMessage: (m: BatchRequest) => sent.push(m) } as unknown as Worker, inFlight: new Map() };
  let id = 1;
  let ended = false;
  const pool: PoolWorkers = {
    slots: [slot], batchSize: 4, inFlightPerWorker: 1,
    nextBatchId: () => id++, replaceWorker: () => {}, runEnded: () => { ended = true; },
  };
  return { pool, slot, sent, ended: () => ended };
}

const job = (path: string): ParseJob => ({ absPath: `/p/${path}`, path, language: 'typescript' });
const answered = (path: string): ParseResult => ({ kind: 'failed', path, detail: 'answered' });

test('a pool run answers every job and settles once the last batch is answered', async () => {
  const { pool, slot, sent, ended } = fakePool();
  const seen: string[] = [];
  const settled = new Promise<void>((resolve, reject) => {
    const run = new PoolRun(pool, [job('a'), job('b'), job('c')], (r) => seen.push(r.path), undefined, { resolve, reject });
    run.start();
    while (sent.length > 0) {
      const request = sent.shift() as BatchRequest;
      run.onResults(slot, request.id, request.jobs.map((j) => answered(j.path)), undefined);
    }
  });
  await settled;
  assert.deepEqual(seen, ['a', 'b', 'c']);
  assert.equal(ended(), true);
});

test('a pool run turns a crashed worker\'s jobs into failed results', async () => {
  const { pool, slot, sent } = fakePool();
  const seen: ParseResult[] = [];
  await new Promise<void>((resolve, reject) => {
    const run = new PoolRun(pool, [job('a')], (r) => seen.push(r), undefined, { resolve, reject });
    run.start();
    assert.equal(sent.length, 1);
    run.onCrash(slot, new Error('boom'));
  });
  assert.deepEqual(seen, [{ kind: 'failed', path: 'a', detail: 'parse worker crashed: boom' }]);
});

test('a pool run with an aborted signal rejects without sending anything', async () => {
  const { pool, sent } = fakePool();
  const controller = new AbortController();
  controller.abort(new Error('stop'));
  await assert.rejects(new Promise<void>((resolve, reject) => {
    new PoolRun(pool, [job('a')], () => {}, controller.signal, { resolve, reject }).start();
  }), /stop/);
  assert.equal(sent.length, 0);
});
