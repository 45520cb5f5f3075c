import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, test } from 'node:test';
import { successResponse } from '../../src/jsonrpc/message.js';
import type { Incoming } from '../../src/jsonrpc/message.js';
import { serveLines } from '../../src/transport/stdio.js';
import type { Peer } from '../../src/jsonrpc/peer.js';
import type { ServeLinesOptions } from '../../src/transport/stdio.js';

const PARSE_ERROR = '{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"}}\n';

interface Harness {
  readonly input: PassThrough;
  readonly done: Promise<void>;
  readonly seen: Incoming[];
  readonly handlerErrors: unknown[];
  /** Everything written to output so far. */
  output(): string;
}

type Handler = (incoming: Incoming, peer: Peer) => Promise<void> | void;

/** Answers every request with `{echo: method}`; ignores everything else. */
const echo: Handler = async (incoming, peer) => {
  if (incoming.kind === 'request') await peer.send(successResponse(incoming.message.id, { echo: incoming.message.method }));
};

function serve(onMessage: Handler = echo, extra: Partial<Pick<ServeLinesOptions, 'maxLineBytes'>> = {}): Harness {
  const input = new PassThrough();
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const seen: Incoming[] = [];
  const handlerErrors: unknown[] = [];
  const done = serveLines({
    input,
    output,
    ...extra,
    onMessage: (incoming, peer) => {
      seen.push(incoming);
      return onMessage(incoming, peer);
    },
    onHandlerError: (error) => handlerErrors.push(error),
  });
  return { input, done, seen, handlerErrors, output: () => Buffer.concat(chunks).toString('utf8') };
}

describe('serveLines', () => {
  test('serveLines answers a non-JSON line with the exact id-less parse error bytes', async () => {
    const h = serve();
    h.input.end('not json\n');
    await h.done;
    assert.equal(h.output(), PARSE_ERROR);
    assert.equal(h.seen.length, 0);
  });

  test('serveLines answers a depth bomb with a parse error naming the bound and keeps serving', async () => {
    const h = serve();
    h.input.end(`${'['.repeat(1024 * 1024)}\n{"jsonrpc":"2.0","id":1,"method":"ping"}\n`);
    await h.done;
    assert.equal(h.output(), '{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error: JSON nested deeper than 512 levels"}}\n{"jsonrpc":"2.0","id":1,"result":{"echo":"ping"}}\n');
  });

  test('serveLines keeps serving after a parse error', async () => {
    const h = serve();
    h.input.end('{oops\n{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
    await h.done;
    assert.equal(h.output(), `${PARSE_ERROR}{"jsonrpc":"2.0","id":1,"result":{"echo":"ping"}}\n`);
  });

  test('serveLines answers an over-long line with an id-less -32600 error and keeps serving', async () => {
    const h = serve(echo, { maxLineBytes: 64 });
    h.input.write(`{"jsonrpc":"2.0","id":1,"method":"${'x'.repeat(100)}"}\n`);
    h.input.end('{"jsonrpc":"2.0","id":2,"method":"ping"}\n');
    await h.done;
    const lines = h.output().split('\n');
    assert.equal(lines.length, 3);
    assert.equal(lines[2], '');
    const first: unknown = JSON.parse(lines[0] ?? '');
    assert.deepEqual(first, {
      jsonrpc: '2.0',
      error: { code: -32600, message: 'Invalid Request: line exceeded 64 bytes', data: { maxLineBytes: 64, lineBytes: 136 } },
    });
    assert.equal(lines[1], '{"jsonrpc":"2.0","id":2,"result":{"echo":"ping"}}');
  });

  test('serveLines hands each classified message to onMessage in input order', async () => {
    const h = serve(() => undefined);
    h.input.write('{"jsonrpc":"2.0","method":"n"}\r\n\n{"jsonrpc":"2.0","id":"a","met');
    h.input.end('hod":"r"}\n[1]\n{"jsonrpc":"1.0"}');
    await h.done;
    assert.deepEqual(h.seen, [
      { kind: 'notification', message: { jsonrpc: '2.0', method: 'n' } },
      { kind: 'request', message: { jsonrpc: '2.0', id: 'a', method: 'r' } },
      { kind: 'batch', items: [1] },
      { kind: 'invalid', reason: 'jsonrpc must be exactly "2.0"' },
    ]);
    assert.equal(h.output(), '');
  });

  test('serveLines resolves at end of input only after a slow handler has written its reply', async () => {
    let finished = false;
    const h = serve(async (incoming, peer) => {
      await sleep(50);
      if (incoming.kind === 'request') await peer.send(successResponse(incoming.message.id, 'late'));
      finished = true;
    });
    h.input.end('{"jsonrpc":"2.0","id":9,"method":"slow"}\n');
    await h.done;
    assert.equal(finished, true);
    assert.equal(h.output(), '{"jsonrpc":"2.0","id":9,"result":"late"}\n');
  });

  test('serveLines keeps serving and reports the error when a handler rejects', async () => {
    const h = serve(async (incoming, peer) => {
      if (incoming.kind !== 'request') return;
      if (incoming.message.method === 'boom') throw new Error('kaboom');
      await peer.send(successResponse(incoming.message.id, 'ok'));
    });
    h.input.end('{"jsonrpc":"2.0","id":1,"method":"boom"}\n{"jsonrpc":"2.0","id":2,"method":"fine"}\n');
    await h.done;
    assert.equal(h.output(), '{"jsonrpc":"2.0","id":2,"result":"ok"}\n');
    assert.equal(h.handlerErrors.length, 1);
    assert.equal((h.handlerErrors[0] as Error).message, 'kaboom');
  });

  test('serveLines keeps serving and reports the error when a handler throws synchronously', async () => {
    const h = serve((incoming, peer) => {
      if (incoming.kind !== 'request') return undefined;
      if (incoming.message.method === 'boom') throw new Error('sync kaboom');
      return peer.send(successResponse(incoming.message.id, 'ok'));
    });
    h.input.end('{"jsonrpc":"2.0","id":1,"method":"boom"}\n{"jsonrpc":"2.0","id":2,"method":"fine"}\n');
    await h.done;
    assert.equal(h.output(), '{"jsonrpc":"2.0","id":2,"result":"ok"}\n');
    assert.deepEqual(h.handlerErrors.map((error) => (error as Error).message), ['sync kaboom']);
  });

  test('serveLines answers a parse error in the final unterminated line at end of input', async () => {
    const h = serve();
    h.input.end('{"jsonrpc":');
    await h.done;
    assert.equal(h.output(), PARSE_ERROR);
  });

  test('serveLines logs a failing handler to stderr by default', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    output.resume();
    const logged: string[] = [];
    const original = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string | Uint8Array): boolean => {
      logged.push(String(chunk));
      return true;
    }) as typeof process.stderr.write;
    try {
      input.end('{"jsonrpc":"2.0","method":"n"}\n');
      await serveLines({
        input,
        output,
        onMessage: () => {
          throw new Error('logged once');
        },
      });
    } finally {
      process.stderr.write = original;
    }
    assert.equal(logged.length, 1);
    assert.match(logged[0] ?? '', /logged once/);
  });
});
