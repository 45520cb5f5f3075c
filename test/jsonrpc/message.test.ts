import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { classify, errorResponse, isJsonRpcId, parseLine, successResponse } from '../../src/jsonrpc/message.js';
import type { Incoming } from '../../src/jsonrpc/message.js';
import { ErrorCode, ProtocolError } from '../../src/jsonrpc/errors.js';

describe('classify ids', () => {
  const validIds: ReadonlyArray<readonly [string, unknown]> = [
    ['a string', 'abc'],
    ['the empty string', ''],
    ['zero', 0],
    ['a negative integer', -7],
    ['the largest safe integer', Number.MAX_SAFE_INTEGER],
  ];
  for (const [label, id] of validIds) {
    test(`classify accepts a request when its id is ${label}`, () => {
      assert.deepEqual(classify({ jsonrpc: '2.0', id, method: 'ping' }), {
        kind: 'request',
        message: { jsonrpc: '2.0', id, method: 'ping' },
      });
    });
  }

  const invalidIds: ReadonlyArray<readonly [string, unknown]> = [
    ['a fraction', 1.5],
    ['null', null],
    ['true', true],
    ['an object', {}],
    ['an array', []],
    ['1e300', 1e300],
    ['an unsafe integer', Number.MAX_SAFE_INTEGER + 1],
    ['a negative unsafe integer', -(2 ** 60)],
  ];
  for (const [label, id] of invalidIds) {
    test(`classify marks a request invalid without echoing the id when the id is ${label}`, () => {
      assert.deepEqual(classify({ jsonrpc: '2.0', id, method: 'ping' }), {
        kind: 'invalid',
        reason: 'id must be a string or a safe integer',
      });
    });
  }

  test('isJsonRpcId rejects NaN and Infinity', () => {
    assert.equal(isJsonRpcId(Number.NaN), false);
    assert.equal(isJsonRpcId(Number.POSITIVE_INFINITY), false);
  });
});

describe('classify messages', () => {
  test('classify returns a notification when the message has a method and no id', () => {
    assert.deepEqual(classify({ jsonrpc: '2.0', method: 'notifications/initialized' }), {
      kind: 'notification',
      message: { jsonrpc: '2.0', method: 'notifications/initialized' },
    });
  });

  test('classify keeps object and array params', () => {
    assert.deepEqual(classify({ jsonrpc: '2.0', id: 1, method: 'm', params: { a: 1 } }), {
      kind: 'request',
      message: { jsonrpc: '2.0', id: 1, method: 'm', params: { a: 1 } },
    });
    assert.deepEqual(classify({ jsonrpc: '2.0', method: 'm', params: [1, 2] }), {
      kind: 'notification',
      message: { jsonrpc: '2.0', method: 'm', params: [1, 2] },
    });
  });

  test('classify drops members that are not part of JSON-RPC', () => {
    const result = classify({ jsonrpc: '2.0', id: 1, method: 'm', extra: true });
    assert.equal(result.kind, 'request');
    assert.equal(result.kind === 'request' && 'extra' in result.message, false);
  });

  const invalidMessages: ReadonlyArray<readonly [string, unknown, Incoming]> = [
    ['jsonrpc is missing', { id: 3, method: 'm' }, { kind: 'invalid', id: 3, reason: 'jsonrpc must be exactly "2.0"' }],
    ['jsonrpc is "1.0"', { jsonrpc: '1.0', id: 'x', method: 'm' }, { kind: 'invalid', id: 'x', reason: 'jsonrpc must be exactly "2.0"' }],
    ['jsonrpc is the number 2', { jsonrpc: 2, method: 'm' }, { kind: 'invalid', reason: 'jsonrpc must be exactly "2.0"' }],
    ['method is a number', { jsonrpc: '2.0', id: 4, method: 5 }, { kind: 'invalid', id: 4, reason: 'method must be a string' }],
    ['method is null', { jsonrpc: '2.0', method: null }, { kind: 'invalid', reason: 'method must be a string' }],
    ['params is a string', { jsonrpc: '2.0', id: 5, method: 'm', params: 'p' }, { kind: 'invalid', id: 5, reason: 'params must be an object or an array when present' }],
    ['params is null', { jsonrpc: '2.0', method: 'm', params: null }, { kind: 'invalid', reason: 'params must be an object or an array when present' }],
    ['there is neither method nor result nor error', { jsonrpc: '2.0', id: 6 }, { kind: 'invalid', id: 6, reason: 'method must be a string' }],
    ['the value is a string', 'hello', { kind: 'invalid', reason: 'message must be a JSON object' }],
    ['the value is null', null, { kind: 'invalid', reason: 'message must be a JSON object' }],
    ['a response has both result and error', { jsonrpc: '2.0', id: 7, result: {}, error: { code: 1, message: 'm' } }, { kind: 'invalid', id: 7, reason: 'a response must carry result or error, not both' }],
    ['a result response has a null id', { jsonrpc: '2.0', id: null, result: {} }, { kind: 'invalid', reason: 'id must be a string or a safe integer' }],
    ['an error response has a malformed error', { jsonrpc: '2.0', id: 8, error: { code: 'x', message: 'm' } }, { kind: 'invalid', id: 8, reason: 'error must be an object with an integer code and a string message' }],
  ];
  for (const [label, value, expected] of invalidMessages) {
    test(`classify marks a message invalid when ${label}`, () => {
      assert.deepEqual(classify(value), expected);
    });
  }

  test('classify returns a response when a message has an id and a result but no method', () => {
    assert.deepEqual(classify({ jsonrpc: '2.0', id: 's1', result: { roots: [] } }), {
      kind: 'response',
      message: { jsonrpc: '2.0', id: 's1', result: { roots: [] } },
    });
  });

  test('classify returns a response when a message has an id and an error but no method', () => {
    assert.deepEqual(classify({ jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'nope', data: { x: 1 } } }), {
      kind: 'response',
      message: { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'nope', data: { x: 1 } } },
    });
  });

  test('classify returns an id-less response when an error reply carries a null id', () => {
    assert.deepEqual(classify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }), {
      kind: 'response',
      message: { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } },
    });
  });

  test('classify returns a batch holding the items when the value is an array', () => {
    const items = [{ jsonrpc: '2.0', method: 'a' }, 1];
    assert.deepEqual(classify(items), { kind: 'batch', items });
    assert.deepEqual(classify([]), { kind: 'batch', items: [] });
  });
});

describe('parseLine', () => {
  test('parseLine returns parse-error when the text is not JSON', () => {
    assert.deepEqual(parseLine('{"jsonrpc":'), { kind: 'parse-error', message: 'Parse error' });
    assert.deepEqual(parseLine('hello'), { kind: 'parse-error', message: 'Parse error' });
  });

  test('parseLine classifies the value when the text is JSON', () => {
    assert.deepEqual(parseLine('{"jsonrpc":"2.0","id":1,"method":"ping"}'), {
      kind: 'request',
      message: { jsonrpc: '2.0', id: 1, method: 'ping' },
    });
  });

  test('parseLine marks an integer id beyond the safe range invalid', () => {
    assert.deepEqual(parseLine('{"jsonrpc":"2.0","id":12345678901234567890,"method":"ping"}'), {
      kind: 'invalid',
      reason: 'id must be a string or a safe integer',
    });
  });
});

describe('response builders', () => {
  test('successResponse echoes the id with its type', () => {
    assert.equal(JSON.stringify(successResponse('7', {})), '{"jsonrpc":"2.0","id":"7","result":{}}');
    assert.equal(JSON.stringify(successResponse(7, null)), '{"jsonrpc":"2.0","id":7,"result":null}');
  });

  test('errorResponse has no id key when the id is undefined', () => {
    const response = errorResponse(undefined, ErrorCode.ParseError, 'Parse error');
    assert.equal('id' in response, false);
    assert.equal(JSON.stringify(response), '{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"}}');
  });

  test('errorResponse includes id and data when both are given', () => {
    assert.equal(
      JSON.stringify(errorResponse(3, ErrorCode.UnsupportedProtocolVersion, 'Unsupported protocol version', { requested: 'x' })),
      '{"jsonrpc":"2.0","id":3,"error":{"code":-32022,"message":"Unsupported protocol version","data":{"requested":"x"}}}',
    );
  });
});

describe('errors', () => {
  test('ErrorCode holds the JSON-RPC and MCP reserved codes', () => {
    assert.deepEqual(ErrorCode, {
      ParseError: -32700,
      InvalidRequest: -32600,
      MethodNotFound: -32601,
      InvalidParams: -32602,
      InternalError: -32603,
      HeaderMismatch: -32020,
      MissingRequiredClientCapability: -32021,
      UnsupportedProtocolVersion: -32022,
    });
  });

  test('ProtocolError carries code, message and data when thrown', () => {
    const error = new ProtocolError(ErrorCode.InvalidParams, 'limit must be a number', { field: 'limit' });
    assert.ok(error instanceof Error);
    assert.equal(error.name, 'ProtocolError');
    assert.equal(error.code, -32602);
    assert.equal(error.message, 'limit must be a number');
    assert.deepEqual(error.data, { field: 'limit' });
  });
});

test('errorResponse has a data key only when data is given', () => {
  assert.equal('data' in errorResponse(1, -32000, 'm').error, false);
  assert.deepEqual(errorResponse(1, -32000, 'm', null).error, { code: -32000, message: 'm', data: null });
});
