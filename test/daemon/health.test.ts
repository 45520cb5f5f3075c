import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { AutoSyncHealth, FAILURES_BEFORE_DISABLED } from '../../src/daemon/health.js';

describe('AutoSyncHealth', () => {
  test('reports watching with its debounce once a sync committed, without a banner', () => {
    const health = new AutoSyncHealth({ kind: 'starting' }, 2000);
    health.synced();
    assert.equal(health.describe(), 'watching (debounce 2000 ms)');
    assert.equal(health.banner(), undefined);
  });

  test('turns RECOVERING when another process holds the index, and healthy after the next sync', () => {
    const health = new AutoSyncHealth({ kind: 'watching', debounceMs: 100 }, 100);
    health.failed('lock held by pid 7', true);
    assert.match(health.banner() ?? '', /^⚠️ CodeGraph auto-sync is RECOVERING: another|^⚠️ CodeGraph auto-sync is RECOVERING: lock held by pid 7/);
    assert.ok(health.degraded());
    health.synced();
    assert.equal(health.banner(), undefined);
  });

  test('turns DISABLED after repeated failures and stays so', () => {
    const health = new AutoSyncHealth({ kind: 'watching', debounceMs: 100 }, 100);
    for (let i = 0; i < FAILURES_BEFORE_DISABLED; i++) health.failed('disk full', false);
    assert.match(health.banner() ?? '', /^⚠️ CodeGraph auto-sync is DISABLED: 3 syncs failed in a row; the last: disk full\. Run `codegraph sync` and restart the server\.$/);
    health.synced();
    assert.match(health.describe(), /^DISABLED/);
  });

  test('describes a watcher that is off with its reason', () => {
    assert.equal(new AutoSyncHealth({ kind: 'off', reason: '--no-watch' }, 2000).describe(), 'off (--no-watch)');
  });
});
