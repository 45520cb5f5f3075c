import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NameUses } from '../../src/index/name-uses.js';
import { Prng } from '../fuzz/prng.js';

const sorted = (ids: Iterable<number>): number[] => [...ids].sort((a, b) => a - b);

test('files referencing names follow links and unlinks, one file or many per name', () => {
  const uses = new NameUses();
  uses.link(1, ['a', 'b']);
  uses.link(2, ['b', 'c']);
  uses.link(3, ['b']);
  assert.deepEqual(sorted(uses.filesReferencing(['a'])), [1]);
  assert.deepEqual(sorted(uses.filesReferencing(['b'])), [1, 2, 3]);
  assert.deepEqual(sorted(uses.filesReferencing(['a', 'c', 'missing'])), [1, 2]);
  uses.unlink(2);
  assert.deepEqual(sorted(uses.filesReferencing(['b', 'c'])), [1, 3]);
  uses.link(1, ['c']);
  assert.deepEqual(sorted(uses.filesReferencing(['a'])), [], 'linking again replaces what the file referenced');
  assert.deepEqual(sorted(uses.filesReferencing(['b'])), [3]);
  assert.deepEqual(sorted(uses.filesReferencing(['c'])), [1]);
  uses.unlink(3);
  uses.unlink(99);
  assert.deepEqual(sorted(uses.filesReferencing(['b'])), []);
});

test('after random links and unlinks, files referencing each name equal a plain model', () => {
  const seed = Number(process.env['NAME_USES_SEED'] ?? 5);
  const random = new Prng(seed);
  const uses = new NameUses();
  const model = new Map<number, Set<string>>();
  const names = ['a', 'b', 'c', 'd', 'e', 'f'];
  for (let step = 0; step < 2_000; step++) {
    const file = random.int(0, 11);
    if (random.chance(0.25)) {
      uses.unlink(file);
      model.delete(file);
    } else {
      const chosen = new Set(names.filter(() => random.chance(0.35)));
      uses.link(file, chosen);
      model.set(file, chosen);
    }
    for (const name of names) {
      const expected = sorted([...model].filter(([, set]) => set.has(name)).map(([id]) => id));
      assert.deepEqual(sorted(uses.filesReferencing([name])), expected, `seed ${seed}, step ${step}, name ${name}`);
    }
  }
});
