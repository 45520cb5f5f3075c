import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { daemonLaunch, daemonSemiSpaceMb } from '../../src/daemon/attach.js';

describe('daemonLaunch', () => {
  test('runs the daemon with a capped young generation and a fixed glibc mmap threshold', () => {
    const launch = daemonLaunch('/x/main.js', '/p', false, { PATH: '/bin' });
    assert.deepEqual(launch.args, ['--expose-gc', '--max-semi-space-size=1', '/x/main.js', 'daemon', 'run', '/p']);
    assert.deepEqual(launch.env, { MALLOC_MMAP_THRESHOLD_: '131072', PATH: '/bin' });
  });

  test('gives the daemon of a large index a larger young generation, up to V8\'s own cap', () => {
    const MB = 1024 * 1024;
    assert.deepEqual(daemonLaunch('/x/main.js', '/p', false, {}, 2000 * MB).args.slice(0, 4), ['--expose-gc', '--max-semi-space-size=16', '/x/main.js', 'daemon']);
    assert.deepEqual(daemonLaunch('/x/main.js', '/p', false, {}, 9 * MB).args.slice(0, 3), ['--expose-gc', '--max-semi-space-size=1', '/x/main.js']);
    assert.deepEqual(daemonLaunch('/x/main.js', '/p', false, {}, 128 * MB).args.slice(1, 3), ['--max-semi-space-size=2', '/x/main.js']);
    assert.deepEqual([0, 127 * MB, 128 * MB, 320 * MB, 1024 * MB, 1088 * MB, 50_000 * MB].map(daemonSemiSpaceMb), [1, 1, 2, 5, 16, 16, 16]);
  });

  test('keeps a threshold the user set, and passes --no-watch on', () => {
    const launch = daemonLaunch('/x/main.js', '/p', true, { MALLOC_MMAP_THRESHOLD_: '65536' });
    assert.equal(launch.env['MALLOC_MMAP_THRESHOLD_'], '65536');
    assert.equal(launch.args.at(-1), '--no-watch');
  });
});
