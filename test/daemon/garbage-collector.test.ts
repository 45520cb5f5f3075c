import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { garbageCollector } from '../../src/daemon/garbage-collector.js';

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

/** Two appended saves, each followed by its collection, each of `ms`: the collector then counts collections as costly. */
async function twoCostlyCollections(saved: (whole: boolean) => void, fake: { calls: () => number }, ms: number): Promise<void> {
  for (let i = 0; i < 2; i++) {
    saved(false);
    await sleep(ms + 60);
  }
  assert.equal(fake.calls(), 2, 'one slow collection alone changes nothing');
}

describe('garbageCollector', () => {
  test('collects once the saves pause, whatever kind they were, while collections are cheap', async () => {
    const fake = fakeGc(0);
    const saved = garbageCollector(fake.gc, 20, () => 0);
    saved(false);
    saved(false);
    assert.equal(fake.calls(), 0, 'nothing runs while saves go on');
    await sleep(60);
    assert.equal(fake.calls(), 1, 'two saves in a row are one collection');
    for (const expected of [2, 3, 4]) {
      saved(false);
      await sleep(60);
      assert.equal(fake.calls(), expected, 'cheap collections never stop, though no garbage grew');
    }
  });

  test('after two collections in a row over their budget, collects only after whole saves while little garbage grew', async () => {
    const fake = fakeGc(130);
    const saved = garbageCollector(fake.gc, 20, () => 0);
    await twoCostlyCollections(saved, fake, 130);
    saved(false);
    await sleep(80);
    assert.equal(fake.calls(), 2, 'an appended save no longer pays a costly collection');
    saved(true);
    await sleep(200);
    assert.equal(fake.calls(), 3, 'a whole save left a copy to give back');
  });

  test('after costly collections, an appended save is followed by one once the heap grew by 64 MiB since the last', async () => {
    const fake = fakeGc(130);
    let heap = 100 * 2 ** 20;
    const saved = garbageCollector(fake.gc, 20, () => heap);
    await twoCostlyCollections(saved, fake, 130);
    heap += 63 * 2 ** 20;
    saved(false);
    await sleep(80);
    assert.equal(fake.calls(), 2, '63 MiB of garbage is not worth a costly pause');
    heap += 2 ** 20;
    saved(false);
    await sleep(200);
    assert.equal(fake.calls(), 3, '64 MiB is');
    saved(false);
    await sleep(80);
    assert.equal(fake.calls(), 3, 'the growth is counted from what the last collection left');
  });

  test('a collection dearer than the ceiling is not repeated after appended saves, however much the heap grew', async () => {
    const fake = fakeGc(270);
    let heap = 0;
    const saved = garbageCollector(fake.gc, 20, () => heap);
    await twoCostlyCollections(saved, fake, 270);
    heap += 2 ** 30;
    saved(false);
    await sleep(80);
    assert.equal(fake.calls(), 2, 'a pause longer than 250 ms would hold queries past their bound');
    saved(true);
    saved(false);
    await sleep(330);
    assert.equal(fake.calls(), 3, 'a whole save among the latest ones still leads to a collection');
  });
});
