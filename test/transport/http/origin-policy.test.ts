import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkOrigin, LOOPBACK_ONLY } from '../../../src/transport/http/origin-policy.js';

test('loopback Host values without Origin are served', () => {
  for (const host of ['127.0.0.1:8111', 'localhost:9000', '[::1]:8111', 'localhost']) assert.deepEqual(checkOrigin(host, undefined, LOOPBACK_ONLY), { kind: 'ok' }, host);
});

test('loopback origins of any port are served', () => {
  for (const origin of ['http://localhost:3000', 'https://127.0.0.1', 'http://[::1]:8111']) assert.deepEqual(checkOrigin('localhost:8111', origin, LOOPBACK_ONLY), { kind: 'ok' }, origin);
});

test('a foreign Host, a missing Host, and a foreign, null or non-web Origin are forbidden', () => {
  const cases: ReadonlyArray<readonly [string | undefined, string | undefined]> = [
    ['evil.example:8111', undefined],
    [undefined, undefined],
    ['localhost:8111', 'http://evil.example'],
    ['localhost:8111', 'null'],
    ['localhost:8111', 'file://localhost'],
  ];
  for (const [host, origin] of cases) assert.equal(checkOrigin(host, origin, LOOPBACK_ONLY).kind, 'forbidden', `${String(host)} ${String(origin)}`);
});

test('listed hosts and origins are served beside loopback ones', () => {
  const policy = { allowedHosts: new Set(['mcp.example']), allowedOrigins: new Set(['https://ide.example']) };
  assert.deepEqual(checkOrigin('mcp.example:8111', 'https://ide.example', policy), { kind: 'ok' });
  assert.equal(checkOrigin('mcp.example:8111', 'https://other.example', policy).kind, 'forbidden');
});
