import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeSource, looksBinary } from '../../../src/index/scan/content.js';

test('looksBinary is true when a NUL byte is in the first 8 KiB', () => {
  const bytes = new Uint8Array(8192).fill(0x61);
  bytes[8191] = 0;
  assert.equal(looksBinary(bytes), true);
});

test('looksBinary is false when the only NUL byte is past 8 KiB', () => {
  const bytes = new Uint8Array(9000).fill(0x61);
  bytes[8192] = 0;
  assert.equal(looksBinary(bytes), false);
});

test('looksBinary is false for empty input', () => {
  assert.equal(looksBinary(new Uint8Array()), false);
});

test('decodeSource strips a UTF-8 byte order mark', () => {
  assert.equal(decodeSource(new Uint8Array([0xef, 0xbb, 0xbf, 0x61])), 'a');
});

test('decodeSource replaces invalid UTF-8 with U+FFFD when bytes are malformed', () => {
  assert.equal(decodeSource(new Uint8Array([0x61, 0xff, 0x62, 0xc3])), 'a\uFFFDb\uFFFD');
});

test('decodeSource decodes multi-byte characters', () => {
  assert.equal(decodeSource(new TextEncoder().encode('λ → 𝒳')), 'λ → 𝒳');
});
