import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { decodeUtf8, isJsonContentType, MAX_BODY_BYTES, readBody } from '../../../src/transport/http/body.js';

/** A request stream with headers and node's `complete` flag. */
function request(headers: Record<string, string> = {}): PassThrough & { headers: Record<string, string>; complete: boolean } {
  return Object.assign(new PassThrough(), { headers, complete: false });
}

function listeners(r: PassThrough): number[] {
  return ['data', 'end', 'error', 'close'].map((e) => r.listenerCount(e));
}

test('the cap is 4 MiB', () => {
  assert.equal(MAX_BODY_BYTES, 4 * 1024 * 1024);
});

test('a declared length over the cap is refused before reading; at the cap it is read', async () => {
  const over = request({ 'content-length': '11' });
  assert.deepEqual(await readBody(over as unknown as IncomingMessage, 10), { kind: 'too-large', limit: 10 });
  assert.deepEqual(listeners(over), [0, 0, 0, 0]);
  const at = request({ 'content-length': '10' });
  const reading = readBody(at as unknown as IncomingMessage, 10);
  at.complete = true;
  at.end(Buffer.from('0123456789'));
  const outcome = await reading;
  assert.equal(outcome.kind, 'ok');
  assert.equal(outcome.kind === 'ok' ? outcome.bytes.toString() : '', '0123456789');
  assert.deepEqual(listeners(at), [0, 0, 0, 0], 'every listener removed once settled');
});

test('a body that grows past the cap is refused as soon as it does, and the rest is drained', async () => {
  const r = request();
  const reading = readBody(r as unknown as IncomingMessage, 10);
  r.write(Buffer.from('01234'));
  r.write(Buffer.from('567890'));
  assert.deepEqual(await reading, { kind: 'too-large', limit: 10 });
  assert.deepEqual(listeners(r), [0, 0, 0, 0]);
});

test('a body of exactly the cap, in pieces, is accepted', async () => {
  const r = request();
  const reading = readBody(r as unknown as IncomingMessage, 10);
  r.write(Buffer.from('01234'));
  r.complete = true;
  r.end(Buffer.from('56789'));
  const outcome = await reading;
  assert.equal(outcome.kind === 'ok' ? outcome.bytes.length : -1, 10);
});

test('a client that goes away before the end, or whose stream fails, is an aborted body', async () => {
  const closed = request();
  const a = readBody(closed as unknown as IncomingMessage, 10);
  closed.write(Buffer.from('01'));
  closed.destroy();
  assert.deepEqual(await a, { kind: 'aborted' });
  assert.deepEqual(listeners(closed), [0, 0, 0, 0]);
  const failed = request();
  failed.on('error', () => undefined);
  const b = readBody(failed as unknown as IncomingMessage, 10);
  failed.destroy(new Error('reset'));
  assert.deepEqual(await b, { kind: 'aborted' });
});

test('a close after a complete body does not turn it into an abort', async () => {
  const r = request();
  const reading = readBody(r as unknown as IncomingMessage, 10);
  r.complete = true;
  r.end(Buffer.from('ok'));
  const outcome = await reading;
  assert.equal(outcome.kind, 'ok');
});

test('isJsonContentType: application/json with any parameters and case, nothing else', () => {
  assert.equal(isJsonContentType(undefined), false);
  assert.equal(isJsonContentType('Application/JSON; charset=utf-8'), true);
  assert.equal(isJsonContentType(' application/json '), true);
  assert.equal(isJsonContentType('application/jsonx'), false);
  assert.equal(isJsonContentType('text/json'), false);
});

test('decodeUtf8 is strict and drops a leading byte-order mark', () => {
  assert.equal(decodeUtf8(Buffer.from([0x61, 0xff, 0x62])), undefined);
  assert.equal(decodeUtf8(Buffer.from([0xef, 0xbb, 0xbf, 0x61])), 'a');
  assert.equal(decodeUtf8(Buffer.from('é', 'utf8')), 'é');
});
