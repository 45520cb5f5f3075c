import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractSource } from '../../../src/index/extract/extract.js';
import { joinRoutePath } from '../../../src/index/extract/routes.js';
import { isSlash, trimEndWhile, trimStartWhile } from '../../../src/index/extract/trim.js';

test('trimEndWhile and trimStartWhile drop what the test takes at one end only, and keep a text it never takes', () => {
  assert.equal(trimEndWhile('//a//b//', isSlash), '//a//b');
  assert.equal(trimStartWhile('//a//b//', isSlash), 'a//b//');
  assert.equal(trimEndWhile('////', isSlash), '');
  assert.equal(trimStartWhile('', isSlash), '');
  const kept = 'a/b';
  assert.equal(trimEndWhile(kept, isSlash), kept);
});

test('a head or a route prefix with a long run before its last character is read whole (patterns anchored at the end took seconds on them)', async () => {
  const run = 80_000;
  const js = await extractSource('javascript', `function f(${' '.repeat(run)}a) {}\n`, 'a.js');
  assert.equal(js.symbols.find((s) => s.name === 'f')?.signature, 'function f( a)');
  assert.equal(joinRoutePath(`${'/'.repeat(run)}x${'/'.repeat(run)}`, `${'/'.repeat(run)}y`), '/x/y');
  const flask = await extractSource('python', `bp = Blueprint('b', __name__, url_prefix='/${'/'.repeat(run)}api')\n@bp.route('/y')\ndef y():\n    pass\n`, 'a.py');
  assert.deepEqual(flask.symbols.filter((s) => s.kind === 'route').map((s) => s.name), ['GET /api/y']);
});
