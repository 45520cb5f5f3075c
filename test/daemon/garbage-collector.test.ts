import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { garbageCollector } from '../../src/daemon/project-daemon.js';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A stand-in for V8's `gc` that counts its calls and takes `ms` of wall time each. */
function fakeGc(ms: number): { gc: () => void; calls: () => number } {
  let calls = 0;
  return {
    gc: () => {
      calls++;
      const until = performance.now() + ms;
      while (performance.now() < until) {
        // A collection holds the thread for its whole duration.
      }
    },
    calls: () => calls,
  };
}

describe('garbageCollector', () => {
  test('collects once the saves pause, whatever kind they were, while collections are cheap', async () => {
    const fake = fakeGc(0);
    const saved = garbageCollector(fake.gc, 20);
    saved(false);
    saved(false);
    assert.equal(fake.calls(), 0, 'nothing runs while saves go on');
    await sleep(60);
    assert.equal(fake.calls(), 1, 'two saves in a row are one collection');
    saved(false);
    await sleep(60);
    assert.equal(fake.calls(), 2);
  });

  test('after two collections in a row over their budget, collects only after whole saves', async () => {
    const fake = fakeGc(130);
    const saved = garbageCollector(fake.gc, 20);
    saved(false);
    await sleep(200);
    saved(false);
    await sleep(200);
    assert.equal(fake.calls(), 2, 'one slow collection alone changes nothing');
    saved(false);
    await sleep(80);
    assert.equal(fake.calls(), 2, 'an appended save no longer pays a costly collection');
    saved(true);
    await sleep(200);
    assert.equal(fake.calls(), 3, 'a whole save left a copy to give back');
  });
});
