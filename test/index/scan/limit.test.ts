import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setImmediate as tick } from 'node:timers/promises';
import { Limiter } from '../../../src/index/scan/limit.js';

test('Limiter runs at most capacity tasks at once when many are queued', async () => {
  const limiter = new Limiter(3);
  let active = 0;
  let peak = 0;
  const results = await Promise.all(
    Array.from({ length: 3000 }, (_, i) =>
      limiter.run(async () => {
        active++;
        peak = Math.max(peak, active);
        await tick();
        active--;
        return i;
      }),
    ),
  );
  assert.deepEqual([peak, results.length, results[2999]], [3, 3000, 2999]);
});

test('Limiter releases the slot when a task rejects', async () => {
  const limiter = new Limiter(1);
  await assert.rejects(limiter.run(() => Promise.reject(new Error('boom'))), /boom/);
  assert.equal(await limiter.run(async () => 'next'), 'next');
});
