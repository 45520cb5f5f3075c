import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatHttpAddress, hostOfHeader, isLoopbackHost, mcpUrl, parseHttpAddress } from '../../../src/transport/http/address.js';

const VALID: ReadonlyArray<readonly [string, string, number]> = [
  ['127.0.0.1:8111', '127.0.0.1', 8111],
  ['localhost:0', 'localhost', 0],
  ['[::1]:9000', '::1', 9000],
  ['8111', '127.0.0.1', 8111],
  [' 0.0.0.0:80 ', '0.0.0.0', 80],
];
for (const [text, host, port] of VALID) {
  test(`parseHttpAddress reads ${JSON.stringify(text)}`, () => {
    assert.deepEqual(parseHttpAddress(text), { kind: 'ok', address: { host, port } });
  });
}

for (const text of ['127.0.0.1', ':8111', '127.0.0.1:65536', '::1:8111', '[::1]8111', 'a b:1', 'host:port']) {
  test(`parseHttpAddress refuses ${JSON.stringify(text)} naming the flag`, () => {
    const parsed = parseHttpAddress(text);
    assert.equal(parsed.kind, 'invalid');
    if (parsed.kind === 'invalid') assert.match(parsed.message, /^--http-addr /);
  });
}

test('formatHttpAddress brackets IPv6 hosts and mcpUrl adds /mcp', () => {
  assert.equal(formatHttpAddress({ host: '::1', port: 1 }), '[::1]:1');
  assert.equal(mcpUrl({ host: '127.0.0.1', port: 8111 }), 'http://127.0.0.1:8111/mcp');
});

test('isLoopbackHost accepts loopback names and addresses only', () => {
  for (const h of ['localhost', 'LOCALHOST', 'a.localhost', '127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) assert.equal(isLoopbackHost(h), true, h);
  for (const h of ['0.0.0.0', '10.0.0.1', 'example.com', 'localhost.example.com', '128.0.0.1', '::']) assert.equal(isLoopbackHost(h), false, h);
});

test('hostOfHeader strips ports and brackets and refuses malformed values', () => {
  assert.equal(hostOfHeader('LocalHost:8111'), 'localhost');
  assert.equal(hostOfHeader('[::1]:8111'), '::1');
  assert.equal(hostOfHeader('127.0.0.1'), '127.0.0.1');
  assert.equal(hostOfHeader('evil.com:x'), undefined);
  assert.equal(hostOfHeader('[::1'), undefined);
  assert.equal(hostOfHeader('a/b'), undefined);
});
