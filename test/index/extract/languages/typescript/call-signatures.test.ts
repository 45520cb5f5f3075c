import assert from 'node:assert/strict';
import { test } from 'node:test';
import { separateCallSignatures } from '../../../../../src/index/extract/languages/typescript/call-signatures.js';

test('a generic call signature after a member without a separator gets one, in its indentation', () => {
  const source = 'interface C {\r\n  (o: O): Compose\r\n  /** doc */\r\n  <S extends {}>(\r\n    ...f: S[]\r\n  ): S\r\n  <\r\n    T,\r\n  >(): T\r\n}\r\n';
  const out = separateCallSignatures(source);
  assert.equal(out, 'interface C {\r\n  (o: O): Compose\r\n  /** doc */\r\n ;<S extends {}>(\r\n    ...f: S[]\r\n  ): S\r\n ;<\r\n    T,\r\n  >(): T\r\n}\r\n');
  assert.equal(out?.length, source.length);
});

test('a signature after an opening, a comma or an operator, and a comparison, are left alone', () => {
  assert.equal(separateCallSignatures('interface C {\n  <T>(x: T): T\n}\n'), undefined);
  assert.equal(separateCallSignatures('const f =\n  <T>(x: T) => x;\n'), undefined);
  assert.equal(separateCallSignatures('if (a\n  < b) {}\n'), undefined);
  assert.equal(separateCallSignatures('<T>(x: T) => x;\n'), undefined);
});
