import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, test } from 'node:test';
import { MessageWriter } from '../../src/jsonrpc/writer.js';

/** Polls `check` until it holds; fails naming `what` after 5 s. */
async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting until ${what}`);
    await sleep(1);
  }
}

/** A sink that stores what it receives, taking `delayMs` per chunk, with a tiny buffer by default. */
class SlowSink extends Writable {
  readonly received: string[] = [];
  writesWhileFull = 0;
  readonly #delayMs: number;

  constructor(delayMs: number, highWaterMark = 1) {
    super({ highWaterMark });
    this.#delayMs = delayMs;
  }

  override write(chunk: unknown, ...rest: unknown[]): boolean {
    // A caller that respects back-pressure never writes while a drain is pending.
    if (this.writableNeedDrain) this.writesWhileFull += 1;
    return (super.write as (chunk: unknown, ...rest: unknown[]) => boolean)(chunk, ...rest);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    setTimeout(() => {
      this.received.push(chunk.toString('utf8'));
      callback();
    }, this.#delayMs);
  }
}

describe('MessageWriter', () => {
  test('writer emits one JSON line per message in send order', async () => {
    const sink = new SlowSink(0);
    const writer = new MessageWriter(sink);
    const sends = [writer.send({ n: 1 }), writer.send({ n: 2 }), writer.send({ n: 3, s: 'é' })];
    await Promise.all(sends);
    await writer.idle();
    assert.equal(sink.received.join(''), '{"n":1}\n{"n":2}\n{"n":3,"s":"é"}\n');
  });

  test('writer waits for drain before writing again when the stream is full', async () => {
    const sink = new SlowSink(2);
    const writer = new MessageWriter(sink);
    const expected: string[] = [];
    for (let i = 0; i < 25; i += 1) {
      void writer.send({ i, pad: 'x'.repeat(i) });
      expected.push(`${JSON.stringify({ i, pad: 'x'.repeat(i) })}\n`);
    }
    await writer.idle();
    assert.equal(sink.writesWhileFull, 0);
    assert.deepEqual(sink.received, expected);
  });

  test('writer idle resolves only after the sink has received every message', async () => {
    // A roomy buffer makes write() return true at once, so only idle's own waiting can pass this.
    const sink = new SlowSink(5, 1024 * 1024);
    const writer = new MessageWriter(sink);
    void writer.send({ a: 1 });
    void writer.send({ b: 2 });
    await writer.idle();
    assert.deepEqual(sink.received, ['{"a":1}\n', '{"b":2}\n']);
  });

  test('writer captures the message when send is called, not when it is written', async () => {
    const sink = new SlowSink(1);
    const writer = new MessageWriter(sink);
    const message = { v: 1 };
    void writer.send({ first: true });
    void writer.send(message);
    message.v = 2;
    await writer.idle();
    assert.equal(sink.received[1], '{"v":1}\n');
  });

  test('writer send rejects without writing when the message cannot be serialized', async () => {
    const sink = new SlowSink(0);
    const writer = new MessageWriter(sink);
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    await assert.rejects(writer.send(cyclic), TypeError);
    await writer.send({ ok: true });
    await writer.idle();
    assert.deepEqual(sink.received, ['{"ok":true}\n']);
  });

  test('writer sends resolve and mark the writer closed when the stream fails with EPIPE', async () => {
    const sink = new Writable({
      write(_chunk, _encoding, callback) {
        const error = Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
        callback(error);
      },
    });
    const writer = new MessageWriter(sink);
    await writer.send({ a: 1 });
    await until(() => writer.closed, 'the writer marks itself closed after EPIPE');
    await writer.send({ b: 2 });
    await writer.idle();
  });

  test('writer sends resolve without writing when the stream was already destroyed', async () => {
    let writes = 0;
    const sink = new Writable({
      write(_chunk, _encoding, callback) {
        writes += 1;
        callback();
      },
    });
    sink.destroy();
    const writer = new MessageWriter(sink);
    assert.equal(writer.closed, true);
    await writer.send({ a: 1 });
    await writer.idle();
    assert.equal(writes, 0);
  });

  test('writer pending sends resolve when the stream closes while waiting for drain', async () => {
    const sink = new Writable({
      highWaterMark: 1,
      write() {
        // Never completes: the stream stays full until it is destroyed.
      },
    });
    const writer = new MessageWriter(sink);
    const first = writer.send({ a: 1 });
    const second = writer.send({ b: 2 });
    await until(() => sink.writableNeedDrain, 'the stream is full and the writer waits for drain');
    sink.destroy();
    await Promise.all([first, second, writer.idle()]);
    assert.equal(writer.closed, true);
  });
});

describe('MessageWriter never calls write on a stream that cannot take it', () => {
  /** A sink counting calls of write() itself (not only the chunks that reach _write). */
  class CountingSink extends Writable {
    calls = 0;
    throwNext = false;
    override write(chunk: unknown, ...rest: unknown[]): boolean {
      this.calls += 1;
      if (this.throwNext) {
        this.throwNext = false;
        throw new Error('write failed synchronously');
      }
      return (super.write as (chunk: unknown, ...rest: unknown[]) => boolean)(chunk, ...rest);
    }
    override _write(_chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
      callback();
    }
  }

  test('a destroyed stream', async () => {
    const sink = new CountingSink();
    sink.on('error', () => undefined);
    const writer = new MessageWriter(sink);
    sink.destroy();
    await writer.send({ a: 1 });
    assert.equal(sink.calls, 0);
    assert.equal(writer.closed, true);
  });

  test('an ended stream', async () => {
    const sink = new CountingSink();
    sink.on('error', () => undefined);
    const writer = new MessageWriter(sink);
    sink.end();
    await writer.send({ a: 1 });
    assert.equal(sink.calls, 0);
    assert.equal(writer.closed, true);
  });

  test('a stream whose write threw once: the writer is closed and writes no more', async () => {
    const sink = new CountingSink();
    sink.on('error', () => undefined);
    const writer = new MessageWriter(sink);
    sink.throwNext = true;
    await writer.send({ a: 1 });
    assert.equal(writer.closed, true);
    await writer.send({ a: 2 });
    assert.equal(sink.calls, 1, 'the stream is healthy again, but the writer stays closed');
  });
});
