import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeChangeLog, encodeChangeRecord, type RowChange } from '../../src/store/change-record.js';
import { crc32 as crc } from 'node:zlib';

const FIRST: RowChange[] = [['nodes', 'I', '7', `7,'run','a''b\nc',X'00FF',NULL,0.30000000000000004`], ['edges', 'D', '3', null]];
const SECOND: RowChange[] = [['meta', 'I', `'indexed_at'`, `'indexed_at','2026-12-05'`]];

function concat(...parts: Uint8Array[]): Uint8Array {
  return Buffer.concat(parts);
}

test('records decode to the changes they were encoded from, in order, with where each ends', () => {
  const a = encodeChangeRecord('g1', FIRST);
  const b = encodeChangeRecord('g1', SECOND);
  const decoded = decodeChangeLog(concat(a, b), 'g1');
  assert.deepEqual(decoded.records.map((r) => r.changes), [FIRST, SECOND]);
  assert.deepEqual(decoded.records.map((r) => r.end), [a.length, a.length + b.length]);
  assert.equal(decoded.validBytes, a.length + b.length);
  assert.equal(decoded.stoppedBecause, undefined);
  assert.deepEqual(decodeChangeLog(new Uint8Array(0), 'g1'), { records: [], validBytes: 0, stoppedBecause: undefined });
});

test('a log cut at any byte of its last record keeps exactly the records before it', () => {
  const a = encodeChangeRecord('g1', FIRST);
  const b = encodeChangeRecord('g1', SECOND);
  const whole = concat(a, b);
  for (let cut = a.length; cut < whole.length; cut++) {
    const decoded = decodeChangeLog(whole.subarray(0, cut), 'g1');
    assert.equal(decoded.records.length, 1, `cut at ${cut}`);
    assert.equal(decoded.validBytes, a.length);
    assert.equal(decoded.stoppedBecause, cut === a.length ? undefined : 'torn');
  }
});

test('a changed byte anywhere in a record stops reading there', () => {
  const a = encodeChangeRecord('g1', FIRST);
  const b = encodeChangeRecord('g1', SECOND);
  for (let at = a.length; at < a.length + b.length; at++) {
    const damaged = Buffer.from(concat(a, b));
    damaged[at] = damaged[at]! ^ 0x20;
    const decoded = decodeChangeLog(damaged, 'g1');
    assert.deepEqual(decoded.records.map((r) => r.changes), [FIRST], `byte ${at}`);
    assert.equal(decoded.validBytes, a.length);
  }
});

test('records of another generation are a stale log: none of them, nor any after them, is used', () => {
  const stale = encodeChangeRecord('old', FIRST);
  assert.deepEqual(decodeChangeLog(stale, 'new'), { records: [], validBytes: 0, stoppedBecause: 'other-generation' });
  const mixed = concat(encodeChangeRecord('new', SECOND), stale, encodeChangeRecord('new', SECOND));
  const decoded = decodeChangeLog(mixed, 'new');
  assert.equal(decoded.records.length, 1);
  assert.equal(decoded.stoppedBecause, 'other-generation');
});

test('a record with a sound checksum but not a list of row changes is malformed', () => {
  const frame = (payload: string): Uint8Array => {
    const record = Buffer.from(encodeChangeRecord('g', []));
    const body = Buffer.from(payload);
    const out = Buffer.alloc(12 + body.length);
    record.copy(out, 0, 0, 4);
    out.writeUInt32LE(body.length, 4);
    out.writeUInt32LE(crc(body), 8);
    body.copy(out, 12);
    return out;
  };
  for (const payload of ['{', 'null', '[]', '{"g":1,"c":[]}', '{"g":"g","c":{}}', '{"g":"g","c":[["t","X","1",null]]}', '{"g":"g","c":[["t","D","1","v"]]}', '{"g":"g","c":[["t","I","1",null]]}', '{"g":"g","c":[["t","I",1,"v"]]}', '{"g":"g","c":[["t","I","1"]]}',
    // One sound change beside a broken one, five fields, a change that is no list, a table that is no name; a bare number, a string.
    '{"g":"g","c":[["t","I","1","2"],["t","I","1"]]}', '{"g":"g","c":[["t","I","1","2","x"]]}', '{"g":"g","c":[{"0":"t"}]}', '{"g":"g","c":[[1,"I","1","2"]]}', '5', '"g"']) {
    const decoded = decodeChangeLog(frame(payload), 'g');
    assert.deepEqual([decoded.records.length, decoded.stoppedBecause, decoded.validBytes], [0, 'malformed', 0], payload);
  }
  assert.equal(decodeChangeLog(frame('{"g":"g","c":[["t","I","1","2"],["t","D","1",null]]}'), 'g').records.length, 1);
  // A bare header (no payload) after a sound record is a record whose payload is no JSON.
  const sound = frame('{"g":"g","c":[]}');
  const bare = decodeChangeLog(concat(sound, frame('')), 'g');
  assert.deepEqual([bare.records.length, bare.stoppedBecause, bare.validBytes], [1, 'malformed', sound.length]);
});

test('a length past the end of the log is torn, even when the bytes there check out', () => {
  const record = Buffer.from(encodeChangeRecord('g', SECOND));
  const payload = record.subarray(12);
  // The length claims ten more bytes than follow; the checksum is that of the bytes that do.
  record.writeUInt32LE(payload.length + 10, 4);
  record.writeUInt32LE(crc(payload), 8);
  assert.deepEqual(decodeChangeLog(record, 'g'), { records: [], validBytes: 0, stoppedBecause: 'torn' });
});

