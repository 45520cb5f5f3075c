/**
 * Each structural rule fails on a synthetic source that breaks it and passes on one that does
 * not, so the check over the real tree cannot pass by accident.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import {
  LAYERS,
  checkImports,
  checkLength,
  checkSql,
  checkTree,
  formatLayerLine,
  importsOf,
  layerLineOf,
  layerOf,
  readSourceTree,
  type Violation,
} from './architecture.js';

function tree(files: Record<string, string>): Map<string, string> {
  return new Map(Object.entries(files));
}

function rules(violations: readonly Violation[]): string[] {
  return violations.map((v) => `${v.rule} ${v.file}:${v.line}`);
}

describe('layers', () => {
  test('layerOf maps a folder to its name and a file directly in src/ to its base name', () => {
    assert.equal(layerOf('src/store/sqlite.ts'), 'store');
    assert.equal(layerOf('src/index/extract/languages/go.ts'), 'index');
    assert.equal(layerOf('src/model.ts'), 'model');
    assert.equal(layerOf('src/version.ts'), 'version');
  });

  test('importsOf finds static imports, re-exports, type imports and literal dynamic imports, not comments', () => {
    const text = [
      "import { a } from './a.js';",
      "import type { B } from '../b.js';",
      "export { c } from './c.js';",
      "export * from './d.js';",
      "// import { e } from './e.js';",
      "const f = await import('./f.js');",
      "const g = await import(name);",
      "type H = import('./h.js').H;",
      "const s = \"import x from './i.js'\";",
    ].join('\n');
    assert.deepEqual(importsOf('src/x/y.ts', text), [
      { specifier: './a.js', line: 1 },
      { specifier: '../b.js', line: 2 },
      { specifier: './c.js', line: 3 },
      { specifier: './d.js', line: 4 },
      { specifier: './f.js', line: 6 },
      { specifier: './h.js', line: 8 },
    ]);
  });

  test('an import of a higher layer fails with file and line', () => {
    const found = checkImports(tree({
      'src/store/a.ts': "import { x } from '../store/b.js';\nimport { sync } from '../index/sync.js';\n",
      'src/store/b.ts': '',
      'src/index/sync.ts': "import { a } from '../store/a.js';\nimport { M } from '../model.js';\n",
      'src/model.ts': '',
    }));
    assert.deepEqual(rules(found), ['layer-order src/store/a.ts:2']);
    assert.match(found[0]?.message ?? '', /store imports \.\.\/index\/sync\.js from the higher layer index/);
  });

  test('a dynamic import of a higher layer fails too', () => {
    const found = checkImports(tree({ 'src/graph/a.ts': "const t = await import('../tools/t.js');\n", 'src/tools/t.ts': '' }));
    assert.deepEqual(rules(found), ['layer-order src/graph/a.ts:1']);
  });

  test('a folder or a top-level file outside the layer order fails', () => {
    const found = checkImports(tree({ 'src/helpers/a.ts': '', 'src/util.ts': '', 'src/version.ts': '' }));
    assert.deepEqual(rules(found), ['unplaced-folder src/helpers/a.ts:1', 'unplaced-folder src/util.ts:1']);
  });

  test('folders of one level may import one way but not both ways', () => {
    const oneWay = tree({ 'src/explore/a.ts': "import { s } from '../search/s.js';\n", 'src/search/s.ts': "import { g } from '../graph/g.js';\n", 'src/graph/g.ts': '' });
    assert.deepEqual(checkImports(oneWay), []);
    const cycle = tree({ 'src/explore/a.ts': "import { s } from '../search/s.js';\n", 'src/search/s.ts': "import { g } from '../graph/g.js';\n", 'src/graph/g.ts': "\nimport { a } from '../explore/a.js';\n" });
    assert.deepEqual(rules(checkImports(cycle)), ['level-cycle src/explore/a.ts:1', 'level-cycle src/search/s.ts:1', 'level-cycle src/graph/g.ts:2']);
  });
});

describe('SQL', () => {
  test('SQL in a string or template literal outside the store fails with its line', () => {
    const text = [
      "const a = 'SELECT id FROM nodes';",
      'const b = `SELECT ${cols}',
      '  FROM ${table} WHERE id = ?`;',
      "const c = 'INSERT OR REPLACE INTO files VALUES (?)';",
      "const d = `UPDATE ${t} SET x = 1`;",
      "const e = 'DELETE FROM edges';",
      "const f = 'CREATE VIRTUAL TABLE s USING fts4';",
      "const g = 'DROP INDEX i';",
      "const h = 'PRAGMA page_size';",
      "const i = 'ALTER TABLE t ADD c';",
      "const j = 'SELECT docid FROM s WHERE s MATCH ?';",
      "const k = 'WHERE node_search MATCH ?';",
    ].join('\n');
    assert.deepEqual(checkSql('src/graph/q.ts', text).map((v) => v.line), [1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  test('prose, comments and lower-case words are not SQL', () => {
    const text = [
      '// SELECT id FROM nodes',
      '/* DELETE FROM edges */',
      "const a = 'Select a project first';",
      "const b = 'decide between UPDATE and INSERT';",
      "const c = 'select id from nodes';",
      "const d = 'Drop the index and CREATE it again';",
      "const e = 'the MATCH operator';",
    ].join('\n');
    assert.deepEqual(checkSql('src/explore/q.ts', text), []);
  });

  test('the store may hold SQL', () => {
    assert.deepEqual(checkSql('src/store/schema.ts', "const a = 'CREATE TABLE t (id INTEGER)';"), []);
  });
});

describe('lengths', () => {
  const body = (lines: number): string => Array.from({ length: lines }, (_, i) => `  const v${i} = ${i};`).join('\n');

  test('a function over 80 lines fails, counted from its first line to its closing brace', () => {
    const long = `/** Doc. */\nexport function long(): void {\n${body(79)}\n}\n`;
    const fits = `export function fits(): void {\n${body(78)}\n}\n`;
    assert.deepEqual(rules(checkLength('src/graph/a.ts', long)), ['function-length src/graph/a.ts:2']);
    assert.match(checkLength('src/graph/a.ts', long)[0]?.message ?? '', /long is 81 lines/);
    assert.deepEqual(checkLength('src/graph/b.ts', fits), []);
  });

  test('arrow functions and methods count, a nested one inside its parent too', () => {
    const text = `class A {\n  run(): void {\n    const inner = () => {\n${body(80)}\n    };\n  }\n}\n`;
    assert.deepEqual(rules(checkLength('src/graph/a.ts', text)), ['function-length src/graph/a.ts:2', 'function-length src/graph/a.ts:3']);
  });

  test('a file over 450 lines fails unless its first line gives the reason', () => {
    const long = `${body(451)}\n`;
    assert.deepEqual(rules(checkLength('src/index/a.ts', long)), ['file-length src/index/a.ts:1']);
    assert.deepEqual(checkLength('src/index/a.ts', `${body(450)}\n`), []);
    assert.deepEqual(checkLength('src/index/a.ts', `// Long on purpose: one grammar table\n${long}`), []);
    assert.equal(checkLength('src/index/a.ts', `// Long on purpose:\n${long}`).length, 1, 'a reason line needs a reason');
  });
});

describe('documentation and whole trees', () => {
  test('layerLineOf reads the fenced layer line and nothing outside a fence', () => {
    const doc = `# Map\n\ncli -> store\n\n\`\`\`\n${formatLayerLine()}\n\`\`\`\n`;
    assert.deepEqual(layerLineOf(doc), LAYERS);
    assert.equal(layerLineOf('cli -> store\n'), undefined);
  });

  test('checkTree reads a tree from disk and reports every rule', () => {
    const root = mkdtempSync(join(tmpdir(), 'codegraph-architecture-'));
    try {
      mkdirSync(join(root, 'src', 'store'), { recursive: true });
      mkdirSync(join(root, 'src', 'graph'));
      writeFileSync(join(root, 'src', 'store', 'a.ts'), "import { g } from '../graph/g.js';\n");
      writeFileSync(join(root, 'src', 'graph', 'g.ts'), "export const g = 'SELECT 1';\n");
      assert.deepEqual(rules(checkTree(readSourceTree(root))), ['sql-outside-store src/graph/g.ts:1', 'layer-order src/store/a.ts:1']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
