import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { daemonLaunch } from '../../src/daemon/attach.js';

describe('daemonLaunch', () => {
  test('runs the daemon with a capped young generation and a fixed glibc mmap threshold', () => {
    const launch = daemonLaunch('/x/main.js', '/p', false, { PATH: '/bin' });
    assert.deepEqual(launch.args, ['--expose-gc', '--max-semi-space-size=1', '/x/main.js', 'daemon', 'run', '/p']);
    assert.deepEqual(launch.env, { MALLOC_MMAP_THRESHOLD_: '131072', PATH: '/bin' });
  });

  test('keeps a threshold the user set, and passes --no-watch on', () => {
    const launch = daemonLaunch('/x/main.js', '/p', true, { MALLOC_MMAP_THRESHOLD_: '65536' });
    assert.equal(launch.env['MALLOC_MMAP_THRESHOLD_'], '65536');
    assert.equal(launch.args.at(-1), '--no-watch');
  });
});
