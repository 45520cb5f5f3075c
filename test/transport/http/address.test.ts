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

test('isLoopbackHost: the long form of ::1, each octet of 127/8 up to three digits, and nothing around the address', () => {
  for (const h of ['0:0:0:0:0:0:0:1', '127.10.0.1', '127.0.10.1', '127.0.0.10', '127.255.255.255', '::ffff:127.9.9.9']) assert.equal(isLoopbackHost(h), true, h);
  for (const h of ['x127.0.0.1', '127.0.0.1.evil.example', '127.0.0.1x', '127.1000.0.1', '127.0.1000.1', '127.0.0.1000', '127.0.0', '::ffff:10.0.0.1', '0:0:0:0:0:0:0:2', '']) assert.equal(isLoopbackHost(h), false, h);
});

test('hostOfHeader: surrounding spaces, a bracketed host with or without a port, and every malformed port or name', () => {
  assert.equal(hostOfHeader('  localhost  '), 'localhost');
  assert.equal(hostOfHeader('[::1]'), '::1');
  assert.equal(hostOfHeader(' [::1]:80 '), '::1');
  assert.equal(hostOfHeader('localhost:0'), 'localhost');
  assert.equal(hostOfHeader('my-host_1.local:65535'), 'my-host_1.local');
  for (const bad of ['', ':80', 'host:', 'host:80x', 'host:x80', 'host:123456', '[::1]x', '[::1]:', '[::1]:80x', '[::1]x:80', '[::1]:123456', 'a b', 'héte', 'a:b:c']) {
    assert.equal(hostOfHeader(bad), undefined, JSON.stringify(bad));
  }
});

test('hostOfHeader strips ports and brackets and refuses malformed values', () => {
  assert.equal(hostOfHeader('LocalHost:8111'), 'localhost');
  assert.equal(hostOfHeader('[::1]:8111'), '::1');
  assert.equal(hostOfHeader('127.0.0.1'), '127.0.0.1');
  assert.equal(hostOfHeader('evil.com:x'), undefined);
  assert.equal(hostOfHeader('[::1'), undefined);
  assert.equal(hostOfHeader('a/b'), undefined);
});

test('parseHttpAddress: the default, the bounds of a port, and each mistake with its own words', () => {
  assert.deepEqual(parseHttpAddress('127.0.0.1:8111'), { kind: 'ok', address: { host: '127.0.0.1', port: 8111 } });
  assert.deepEqual(parseHttpAddress('localhost:65535'), { kind: 'ok', address: { host: 'localhost', port: 65535 } });
  assert.deepEqual(parseHttpAddress('[::1]:0'), { kind: 'ok', address: { host: '::1', port: 0 } });
  const message = (text: string): string => {
    const parsed = parseHttpAddress(text);
    return parsed.kind === 'invalid' ? parsed.message : 'ok';
  };
  const tail = ' (expected HOST:PORT, e.g. 127.0.0.1:8111)';
  assert.equal(message('[::1'), `--http-addr "[::1": an IPv6 host needs brackets and a port, as in [::1]:8111${tail}`);
  assert.equal(message('[::1]8111'), `--http-addr "[::1]8111": an IPv6 host needs brackets and a port, as in [::1]:8111${tail}`);
  assert.equal(message(':8111'), `--http-addr ":8111": a host and a port are needed${tail}`);
  assert.equal(message('localhost'), `--http-addr "localhost": a host and a port are needed${tail}`);
  assert.equal(message('::1:8111'), `--http-addr "::1:8111": write an IPv6 host in brackets, as in [::1]:8111${tail}`);
  for (const bad of ['h:65536', 'h:123456', 'h:x80', 'h:80x', 'h:']) assert.equal(message(bad), `--http-addr ${JSON.stringify(bad)}: the port must be a number from 0 to 65535${tail}`, bad);
  for (const bad of ['a b:80', 'a/b:80', 'u@h:80', '[]:80']) assert.equal(message(bad), `--http-addr ${JSON.stringify(bad)}: the host is not a host name or an IP address${tail}`, bad);
});
