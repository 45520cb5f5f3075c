import assert from 'node:assert/strict';
import { test } from 'node:test';
import { IndexError, IndexRemovedError } from '../../../src/index/sync/errors.js';
import { PhaseClock } from '../../../src/index/sync/phase-clock.js';
import { syncReport } from '../../../src/index/sync/report.js';

const APPLIED = { parsed: 3, unchanged: 4, removed: 1, skipped: 2, diagnostics: 5, updated: true };

test('a sync report carries what was applied, the size, the time since the start and each phase\'s time', async () => {
  const phases = new PhaseClock();
  const started = performance.now();
  phases.progress({ phase: 'parsing', done: 0, total: 1, symbols: 0 });
  await new Promise((resolve) => setTimeout(resolve, 20));
  phases.stop();
  const before = performance.now();
  const report = syncReport(APPLIED, 4096, phases, started, undefined);
  const after = performance.now();
  assert.equal(report.parsed, 3);
  assert.equal(report.databaseBytes, 4096);
  assert.ok(report.durationMs >= before - started && report.durationMs <= after - started, `duration ${report.durationMs}`);
  assert.ok(report.phaseMs.parsing >= 15, `parsing ${report.phaseMs.parsing}`);
  assert.equal('rebuiltBecause' in report, false);
});

test('a sync report says why an incremental run rebuilt the index, when it did', () => {
  const report = syncReport(APPLIED, 0, new PhaseClock(), performance.now(), 'no index existed yet');
  assert.equal(report.rebuiltBecause, 'no index existed yet');
});

test('index errors name themselves, the removed-index one as an index error too', () => {
  assert.equal(new IndexError('bad config').name, 'IndexError');
  assert.equal(String(new IndexError('bad config')), 'IndexError: bad config');
  const removed = new IndexRemovedError('gone');
  assert.ok(removed instanceof IndexError);
  assert.equal(removed.name, 'IndexError');
});
