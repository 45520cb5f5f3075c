import assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { proxySession } from '../../src/transport/daemon-proxy.js';

/** A client output that takes one line and then holds every later write until `release`. */
class SlowClient extends Writable {
  readonly lines: string[] = [];
  #held: (() => void)[] = [];
  #holding = true;

  constructor() {
    super({ highWaterMark: 1, decodeStrings: false });
  }

  override _write(chunk: string | Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.lines.push(String(chunk));
    if (this.#holding) this.#held.push(callback);
    else callback();
  }

  release(): void {
    this.#holding = false;
    for (const callback of this.#held.splice(0)) callback();
  }
}

describe('proxySession', () => {
  it('keeps one drain listener while the client is back-pressured, however many daemon lines arrive, and delivers them all', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'codegraph-proxy-'));
    const path = join(dir, 'd.sock');
    const lines = Array.from({ length: 50 }, (_, i) => JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { i } }));
    let daemonSide: Socket | undefined;
    const server = createServer((socket) => {
      daemonSide = socket;
      socket.write(`${lines.join('\n')}\n`);
    });
    server.listen(path);
    await once(server, 'listening');
    const warnings: Error[] = [];
    const onWarning = (warning: Error): void => void warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const socket = createConnection(path);
      await once(socket, 'connect');
      const input = new PassThrough();
      const output = new SlowClient();
      const session = proxySession({ input, output, socket, reconnect: async () => undefined, log: () => {} });
      // The proxy pauses the daemon socket on back-pressure, after the lines of that chunk are written.
      await waitFor(() => socket.isPaused(), 'the proxy pauses the daemon socket');
      assert.ok(output.listenerCount('drain') <= 1, `drain listeners: ${output.listenerCount('drain')}`);
      output.release();
      await waitFor(() => output.lines.length === lines.length, 'every daemon line reaches the client');
      assert.deepEqual(output.lines.map((l) => l.trimEnd()), lines);
      input.end();
      daemonSide?.end();
      await session;
      assert.deepEqual(warnings.map((w) => w.name), []);
    } finally {
      process.off('warning', onWarning);
      server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

async function waitFor(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
