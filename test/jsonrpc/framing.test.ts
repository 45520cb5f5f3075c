import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEFAULT_MAX_LINE_BYTES, LineDecoder } from '../../src/jsonrpc/framing.js';
import type { FramedLine } from '../../src/jsonrpc/framing.js';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const line = (text: string): FramedLine => ({ kind: 'line', text });

function decodeChunks(chunks: readonly Uint8Array[], maxLineBytes?: number): FramedLine[] {
  const decoder = new LineDecoder(maxLineBytes === undefined ? {} : { maxLineBytes });
  const out: FramedLine[] = [];
  for (const chunk of chunks) out.push(...decoder.push(chunk));
  out.push(...decoder.end());
  return out;
}

function splitAt(bytes: Uint8Array, cut: number): Uint8Array[] {
  return [bytes.slice(0, cut), bytes.slice(cut)];
}

describe('LineDecoder', () => {
  test('decoder default cap is 16 MiB when no option is given', () => {
    assert.equal(DEFAULT_MAX_LINE_BYTES, 16 * 1024 * 1024);
    assert.equal(new LineDecoder().maxLineBytes, DEFAULT_MAX_LINE_BYTES);
  });

  test('decoder yields the same line when a message is split at every byte position', () => {
    const text = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
    const bytes = encode(`${text}\n`);
    for (let cut = 0; cut <= bytes.length; cut += 1) {
      assert.deepEqual(decodeChunks(splitAt(bytes, cut)), [line(text)], `cut at ${cut}`);
    }
  });

  test('decoder yields the same line when fed one byte per chunk', () => {
    const text = '{"a":"é日本😀"}';
    const bytes = encode(`${text}\n`);
    const chunks = Array.from(bytes, (byte) => Uint8Array.of(byte));
    assert.deepEqual(decodeChunks(chunks), [line(text)]);
  });

  test('decoder yields every line in order when one chunk holds several messages', () => {
    assert.deepEqual(decodeChunks([encode('{"a":1}\n{"b":2}\n{"c":3}\n')]), [
      line('{"a":1}'),
      line('{"b":2}'),
      line('{"c":3}'),
    ]);
  });

  test('decoder strips one trailing carriage return when lines end in CRLF', () => {
    assert.deepEqual(decodeChunks([encode('{"a":1}\r\n{"b":2}\r\r\n')]), [line('{"a":1}'), line('{"b":2}\r')]);
  });

  test('decoder strips the carriage return when CR and LF arrive in different chunks', () => {
    assert.deepEqual(decodeChunks([encode('{"a":1}\r'), encode('\n')]), [line('{"a":1}')]);
  });

  test('decoder skips blank and whitespace-only lines', () => {
    assert.deepEqual(decodeChunks([encode('\n\r\n   \n\t \r\n{"a":1}\n\n')]), [line('{"a":1}')]);
  });

  test('decoder flushes a final line without a newline when input ends', () => {
    const decoder = new LineDecoder();
    assert.deepEqual(decoder.push(encode('{"a":1}\n{"b"')), [line('{"a":1}')]);
    assert.deepEqual(decoder.push(encode(':2}')), []);
    assert.deepEqual(decoder.end(), [line('{"b":2}')]);
  });

  test('decoder yields nothing at end when the input ended on a newline', () => {
    const decoder = new LineDecoder();
    decoder.push(encode('{"a":1}\n'));
    assert.deepEqual(decoder.end(), []);
  });

  for (const sample of ['é', '日本', '😀', 'aé日😀b']) {
    test(`decoder keeps "${sample}" intact when split at every byte position`, () => {
      const text = `{"text":"${sample}"}`;
      const bytes = encode(`${text}\n`);
      for (let cut = 0; cut <= bytes.length; cut += 1) {
        assert.deepEqual(decodeChunks(splitAt(bytes, cut)), [line(text)], `cut at ${cut}`);
      }
    });
  }

  test('decoder replaces invalid UTF-8 with U+FFFD instead of throwing', () => {
    const bytes = Uint8Array.of(0x7b, 0xff, 0xc3, 0x7d, 0x0a, 0x7b, 0x7d, 0x0a); // "{" FF C3 "}" LF "{}" LF
    assert.deepEqual(decodeChunks([bytes]), [line('{\uFFFD\uFFFD}'), line('{}')]);
  });

  test('decoder reports one oversize event when a line exceeds the cap inside one chunk', () => {
    assert.deepEqual(decodeChunks([encode('0123456789\n{"a":1}\n')], 8), [
      { kind: 'oversize', bytes: 10 },
      line('{"a":1}'),
    ]);
  });

  test('decoder reports one oversize event when an over-long line spans many chunks', () => {
    const chunks = [encode('{"a":1}\n'), ...Array.from({ length: 20 }, () => encode('xxxxx')), encode('\n{"b":2}\n')];
    assert.deepEqual(decodeChunks(chunks, 16), [line('{"a":1}'), { kind: 'oversize', bytes: 100 }, line('{"b":2}')]);
  });

  test('decoder accepts a line of exactly the cap and rejects one byte more', () => {
    assert.deepEqual(decodeChunks([encode('12345678\n123456789\n')], 8), [line('12345678'), { kind: 'oversize', bytes: 9 }]);
  });

  test('decoder accepts a line of exactly the cap that arrives in two chunks, and refuses one byte more', () => {
    const exact = encode('{"a":"123"}');
    const cap = exact.length;
    assert.deepEqual(decodeChunks([...splitAt(exact, 4), encode('\n')], cap), [line('{"a":"123"}')]);
    const over = encode('{"a":"1234"}');
    assert.deepEqual(decodeChunks([...splitAt(over, 4), encode('\n')], cap), [{ kind: 'oversize', bytes: cap + 1 }]);
  });

  test('decoder accepts a cap of one byte and refuses a cap that is not a positive whole number, saying so', () => {
    assert.deepEqual(decodeChunks([encode('a\nbc\n')], 1), [line('a'), { kind: 'oversize', bytes: 2 }]);
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      assert.throws(() => new LineDecoder({ maxLineBytes: bad }), { name: 'RangeError', message: `maxLineBytes must be a positive integer, got ${String(bad)}` });
    }
  });

  test('decoder goes back to normal after an over-long line: the next line split across chunks is a line', () => {
    const decoder = new LineDecoder({ maxLineBytes: 8 });
    const out: FramedLine[] = [];
    for (const chunk of ['0123', '456789', '\n{"a"', ':1}\n']) out.push(...decoder.push(encode(chunk)));
    assert.deepEqual(out, [{ kind: 'oversize', bytes: 10 }, line('{"a":1}')]);
  });

  test('decoder reports an unterminated over-long line at end of input', () => {
    assert.deepEqual(decodeChunks([encode('0123'), encode('456789')], 8), [{ kind: 'oversize', bytes: 10 }]);
  });

  test('decoder keeps its buffer within the cap when 64 MiB arrive without a newline', () => {
    const cap = 1024 * 1024;
    const chunk = new Uint8Array(64 * 1024).fill(0x78);
    const decoder = new LineDecoder({ maxLineBytes: cap });
    let peak = 0;
    for (let i = 0; i < 1024; i += 1) {
      assert.deepEqual(decoder.push(chunk), []);
      peak = Math.max(peak, decoder.bufferedBytes);
    }
    assert.ok(peak <= cap + chunk.length, `peak ${peak}`);
    assert.equal(decoder.bufferedBytes, 0);
    assert.deepEqual(decoder.push(encode('\n{"a":1}\n')), [{ kind: 'oversize', bytes: 64 * 1024 * 1024 }, line('{"a":1}')]);
  });

  test('decoder handles many tiny chunks in linear time', () => {
    // 2 MiB of one-byte pushes: quadratic concatenation would take minutes, not milliseconds.
    const decoder = new LineDecoder();
    const byte = Uint8Array.of(0x61);
    const started = performance.now();
    for (let i = 0; i < 2 * 1024 * 1024; i += 1) decoder.push(byte);
    const out = decoder.push(encode('\n'));
    assert.equal(out.length, 1);
    assert.equal(out[0]?.kind === 'line' ? out[0].text.length : -1, 2 * 1024 * 1024);
    assert.ok(performance.now() - started < 5000);
  });

  test('decoder rejects a cap that is not a positive integer', () => {
    assert.throws(() => new LineDecoder({ maxLineBytes: 0 }), RangeError);
    assert.throws(() => new LineDecoder({ maxLineBytes: 1.5 }), RangeError);
  });
});
