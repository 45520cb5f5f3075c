import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractSource } from '../../../../src/index/extract/extract.js';

test('C# operators, conversions, finalizers and indexers are methods named as they are searched for', async () => {
  const source = [
    'public class Money {',
    '    public static Money operator +(Money a, Money b) => a;',
    '    public static explicit operator decimal(Money m) => 0m;',
    '    ~Money() { }',
    '    public decimal this[int i] => i;',
    '}',
    '',
  ].join('\n');
  const ex = await extractSource('c_sharp', source, 'src/Money.cs');
  const methods = ex.symbols.filter((s) => s.kind === 'method').map((s) => `${s.qualifiedName}@${s.startLine}`);
  assert.deepEqual(methods, ['Money.operator +@2', 'Money.operator decimal@3', 'Money.~Money@4', 'Money.this[]@5']);
});
