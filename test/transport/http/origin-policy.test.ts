import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkOrigin, LOOPBACK_ONLY } from '../../../src/transport/http/origin-policy.js';

test('loopback Host values without Origin are served', () => {
  for (const host of ['127.0.0.1:8111', 'localhost:9000', '[::1]:8111', 'localhost']) assert.deepEqual(checkOrigin(host, undefined, LOOPBACK_ONLY), { kind: 'ok' }, host);
});

test('loopback origins on the server\'s own port are served', () => {
  for (const origin of ['http://localhost:8111', 'https://127.0.0.1:8111', 'http://[::1]:8111', 'HTTP://LOCALHOST:8111']) assert.deepEqual(checkOrigin('localhost:8111', origin, LOOPBACK_ONLY, 8111), { kind: 'ok' }, origin);
  assert.deepEqual(checkOrigin('localhost', 'http://localhost', LOOPBACK_ONLY, 80), { kind: 'ok' });
  assert.deepEqual(checkOrigin('localhost', 'https://localhost', LOOPBACK_ONLY, 443), { kind: 'ok' });
});

test('a loopback origin on another port, of another scheme, or under a .localhost name is forbidden', () => {
  const cases: ReadonlyArray<readonly [string, string]> = [
    ['localhost:8111', 'http://localhost:9999'],
    ['localhost:8111', 'http://localhost'],
    ['localhost:8111', 'ws://localhost:8111'],
    ['localhost:8111', 'ftp://127.0.0.1:8111'],
    ['127.0.0.1:8111', 'http://foo.localhost:8111'],
    ['foo.localhost:8111', undefined as unknown as string],
  ];
  for (const [host, origin] of cases) {
    const verdict = checkOrigin(host, origin, LOOPBACK_ONLY, 8111);
    assert.equal(verdict.kind, 'forbidden', `${host} ${String(origin)}`);
    assert.match(verdict.kind === 'forbidden' ? verdict.reason : '', origin === undefined ? /^Forbidden: Host "foo\.localhost:8111" is not served here/ : /^Forbidden: Origin ".*" is not allowed/, `${host} ${String(origin)}`);
  }
});

test('a listed origin is served whatever its port', () => {
  const policy = { allowedHosts: new Set<string>(), allowedOrigins: new Set(['http://localhost:3000']) };
  assert.deepEqual(checkOrigin('localhost:8111', 'http://localhost:3000', policy, 8111), { kind: 'ok' });
});

test('a foreign Host, a missing Host, and a foreign, null or non-web Origin are forbidden', () => {
  const cases: ReadonlyArray<readonly [string | undefined, string | undefined]> = [
    ['evil.example:8111', undefined],
    [undefined, undefined],
    ['localhost:8111', 'http://evil.example'],
    ['localhost:8111', 'null'],
    ['localhost:8111', 'file://localhost'],
  ];
  for (const [host, origin] of cases) assert.equal(checkOrigin(host, origin, LOOPBACK_ONLY, 8111).kind, 'forbidden', `${String(host)} ${String(origin)}`);
});

test('listed hosts and origins are served beside loopback ones', () => {
  const policy = { allowedHosts: new Set(['mcp.example']), allowedOrigins: new Set(['https://ide.example']) };
  assert.deepEqual(checkOrigin('mcp.example:8111', 'https://ide.example', policy), { kind: 'ok' });
  assert.equal(checkOrigin('mcp.example:8111', 'https://other.example', policy).kind, 'forbidden');
});

test('each refusal says which header failed and how, in its own words', () => {
  const reason = (host: string | undefined, origin: string | undefined): string => {
    const verdict = checkOrigin(host, origin, LOOPBACK_ONLY, 8111);
    return verdict.kind === 'forbidden' ? verdict.reason : 'ok';
  };
  assert.equal(reason(undefined, undefined), 'Forbidden: the Host header is missing or malformed');
  assert.equal(reason('a b', undefined), 'Forbidden: the Host header is missing or malformed');
  assert.equal(reason('localhost:8111', 'not a url'), 'Forbidden: Origin "not a url" is not an origin');
  assert.equal(reason('localhost:8111', 'ws://localhost:8111'), 'Forbidden: Origin "ws://localhost:8111" is not allowed (only http and https origins are)');
  // Surrounding spaces are not part of an origin.
  assert.equal(reason('localhost:8111', '  http://localhost:8111 '), 'ok');
});

test('without a known server port, any loopback origin is served; with one, only that port', () => {
  assert.deepEqual(checkOrigin('localhost', 'http://localhost:1234', LOOPBACK_ONLY), { kind: 'ok' });
  assert.equal(checkOrigin('localhost', 'http://localhost:1234', LOOPBACK_ONLY, 8111).kind, 'forbidden');
});
