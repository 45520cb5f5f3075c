import assert from 'node:assert/strict';
import { test } from 'node:test';
import { progressSink } from '../../src/cli/progress.js';

function fakeStream(isTTY: boolean): NodeJS.WriteStream & { written: string } {
  const stream = { isTTY, written: '', write(chunk: string) { stream.written += chunk; return true; } };
  return stream as unknown as NodeJS.WriteStream & { written: string };
}

test('progressSink redraws one line with rate and ETA on a terminal', () => {
  let now = 0;
  const stream = fakeStream(true);
  const sink = progressSink(stream, false, () => now);
  sink.update({ phase: 'parsing', done: 0, total: 100, symbols: 0 });
  now = 1000;
  sink.update({ phase: 'parsing', done: 50, total: 100, symbols: 700 });
  sink.done();
  assert.match(stream.written, /\r\x1b\[2Kparsing .* 50\/100 files · 700 symbols · 50 files\/s · ETA 1s/);
  assert.doesNotMatch(stream.written, /\n/);
});

test('progressSink writes plain periodic lines when stderr is not a terminal', () => {
  let now = 0;
  const stream = fakeStream(false);
  const sink = progressSink(stream, false, () => now);
  sink.update({ phase: 'scanning', done: 0, total: 0, symbols: 0 });
  sink.update({ phase: 'parsing', done: 1, total: 100, symbols: 5 });
  now = 500;
  sink.update({ phase: 'parsing', done: 2, total: 100, symbols: 9 });
  now = 2500;
  sink.update({ phase: 'parsing', done: 60, total: 100, symbols: 300 });
  const lines = stream.written.trim().split('\n');
  assert.deepEqual(lines.map((l) => l.split(' ')[1]), ['scanning…', 'parsing', 'parsing']);
  assert.ok(!stream.written.includes('\r'));
});

test('progressSink prints nothing when quiet', () => {
  const stream = fakeStream(true);
  const sink = progressSink(stream, true);
  sink.update({ phase: 'parsing', done: 1, total: 2, symbols: 1 });
  sink.done();
  assert.equal(stream.written, '');
});
