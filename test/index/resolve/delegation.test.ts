import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ResolveContext } from '../../../src/index/resolve/context.js';
import type { Receiver } from '../../../src/index/resolve/receivers.js';
import { callerOwnName } from '../../../src/index/resolve/steps/delegation.js';
import type { ResolverRef, ResolverSymbol } from '../../../src/index/resolve/types.js';

const sym = (id: number, name: string, parentId: number | null, qualifiedName = name): ResolverSymbol => ({ id, fileId: 1, kind: parentId === null ? 'function' : 'method', name, qualifiedName, parentId, exported: true });
const caller = sym(2, 'send', 1, 'WebSocket.send');
const freeCaller = sym(5, 'close', null);
const symbols = new Map<number, ResolverSymbol>([[2, caller], [5, freeCaller]]);
const ctx = { project: { symbol: (id: number) => symbols.get(id) } } as unknown as ResolveContext;
const ref = (fromId: number, name: string): ResolverRef => ({ fileId: 1, fromId, kind: 'calls', name, line: 1, col: 0 });
const path = { kind: 'path', path: 'this._sender', segments: ['_sender'], text: 'this._sender' } as unknown as Receiver;

test('only a call through another object to the caller\'s own name excludes anything', () => {
  assert.equal(callerOwnName(ctx, ref(2, 'send'), undefined), undefined, 'a bare call');
  assert.equal(callerOwnName(ctx, ref(2, 'send'), { kind: 'self' } as Receiver), undefined, 'on this');
  assert.equal(callerOwnName(ctx, ref(2, 'send'), { kind: 'super' } as Receiver), undefined, 'on super');
  assert.equal(callerOwnName(ctx, ref(2, 'write'), path), undefined, 'another name');
  assert.equal(callerOwnName(ctx, ref(99, 'send'), path), undefined, 'no known caller');
});

test('it excludes the caller and its same-named siblings, not a same-named method of another type', () => {
  const own = callerOwnName(ctx, ref(2, 'send'), path);
  assert.ok(own !== undefined);
  assert.equal(own(caller), true);
  assert.equal(own(sym(3, 'send', 1, 'WebSocket.send')), true, 'an overload beside it');
  assert.equal(own(sym(4, 'send', 7, 'Sender.send')), false, 'another type\'s');
  assert.equal(own(sym(6, 'send', null)), false, 'a free function');
});

test('for a free function, it excludes same-named free functions of the same qualified name only', () => {
  const own = callerOwnName(ctx, ref(5, 'close'), path);
  assert.ok(own !== undefined);
  assert.equal(own(sym(8, 'close', null)), true);
  assert.equal(own(sym(9, 'close', null, 'other.close')), false);
  assert.equal(own(sym(10, 'close', 3, 'File.close')), false, 'a method');
});
