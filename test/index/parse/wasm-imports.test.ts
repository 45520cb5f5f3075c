import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renameImports } from '../../../src/index/parse/wasm-imports.js';
import { extractSource } from '../../../src/index/extract/extract.js';

/** The WebAssembly global, typed for the two calls used here (the project's lib has no DOM types). */
const wasm = (globalThis as unknown as {
  WebAssembly: { Module: { new (bytes: Uint8Array): object; imports(module: object): { module: string; name: string }[] } };
}).WebAssembly;

/** A minimal valid module: one function type (i32) -> i32 and two imports of it. */
function moduleImporting(...names: string[]): Uint8Array {
  const bytes: number[] = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  bytes.push(0x01, 0x06, 0x01, 0x60, 0x01, 0x7f, 0x01, 0x7f);
  const content: number[] = [names.length];
  for (const name of names) {
    content.push(3, ...Buffer.from('env'), name.length, ...Buffer.from(name), 0x00, 0x00);
  }
  bytes.push(0x02, content.length, ...content);
  return new Uint8Array(bytes);
}

test('renameImports renames a function import and keeps the module valid', () => {
  const patched = renameImports(moduleImporting('isalpha', 'memcpy'), { isalpha: 'iswalpha' });
  const imports = wasm.Module.imports(new wasm.Module(patched)).map((i) => `${i.module}.${i.name}`);
  assert.deepEqual(imports, ['env.iswalpha', 'env.memcpy']);
});

test('renameImports returns the same bytes when no import matches', () => {
  const original = moduleImporting('memcpy');
  assert.equal(renameImports(original, { isalpha: 'iswalpha' }), original);
});

test('Bash case statements parse (the grammar calls isalpha, which the runtime lacks)', async () => {
  const source = 'deploy() {\n  case "$1" in\n    prod) push_image "$1" ;;\n    *) echo skip ;;\n  esac\n}\n';
  const result = await extractSource('bash', source, 'deploy.sh');
  assert.equal(result.parseErrors, 0);
  assert.deepEqual(result.symbols.map((s) => s.name), ['deploy']);
  assert.ok(result.refs.some((r) => r.name === 'push_image'));
});
