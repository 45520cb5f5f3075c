import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PhaseClock, type IndexProgress } from '../../../src/index/sync/index.js';

test('each phase is timed from its first report to the next phase or stop; reports within a phase do not restart its clock', (t) => {
  let now = 100;
  t.mock.method(performance, 'now', () => now);
  const seen: IndexProgress[] = [];
  const clock = new PhaseClock((p) => seen.push(p));
  now = 110;
  clock.progress({ phase: 'scanning', done: 0, total: 0, symbols: 0 });
  now = 130;
  clock.progress({ phase: 'parsing', done: 0, total: 2, symbols: 0 });
  now = 135;
  clock.progress({ phase: 'parsing', done: 1, total: 2, symbols: 4 });
  now = 170;
  clock.progress({ phase: 'parsing', done: 2, total: 2, symbols: 9 });
  now = 200;
  clock.stop();
  now = 260;
  clock.stop();
  assert.deepEqual(clock.ms, { scanning: 20, parsing: 70, resolving: 0, saving: 0 });
  assert.equal(seen.length, 4, 'every report is passed on');
  // A phase met again adds to its time.
  now = 300;
  clock.progress({ phase: 'scanning', done: 0, total: 0, symbols: 0 });
  now = 305;
  clock.stop();
  assert.equal(clock.ms.scanning, 25);
});
