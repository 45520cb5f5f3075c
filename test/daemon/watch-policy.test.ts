import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { watchDecision } from '../../src/daemon/watch-policy.js';

describe('watchDecision', () => {
  test('watches by default', () => {
    assert.deepEqual(watchDecision('/srv/app', false, {}, '6.1.0-generic'), { watch: true });
  });

  test('does not watch with --no-watch', () => {
    assert.deepEqual(watchDecision('/srv/app', true, {}, '6.1.0-generic'), { watch: false, reason: '--no-watch' });
  });

  test('does not watch a WSL2 /mnt/ drive unless CODEGRAPH_FORCE_WATCH=1', () => {
    const wsl = '5.15.153.1-microsoft-standard-WSL2';
    assert.equal(watchDecision('/mnt/c/app', false, {}, wsl).watch, false);
    assert.equal(watchDecision('/mnt/c/app', false, { CODEGRAPH_FORCE_WATCH: '1' }, wsl).watch, true);
    assert.equal(watchDecision('/home/me/app', false, {}, wsl).watch, true);
  });
});
