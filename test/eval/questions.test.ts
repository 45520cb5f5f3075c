import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { EVAL_CORPORA } from './corpora.js';
import { debianDrift, KINDS, loadQuestionSets, parseQuestionSet, resolveTargets } from './questions.js';
import { halfOf, loadSplit } from './split.js';

const sets = await loadQuestionSets();
const split = loadSplit();
const questionCorpora = EVAL_CORPORA.filter((c) => c.role === 'questions');

describe('evaluation question files', () => {
  for (const corpus of questionCorpora) {
    it(`${corpus.name} has questions of every kind`, () => {
      const set = sets.get(corpus.name);
      assert.ok(set !== undefined, `no question file for ${corpus.name}`);
      for (const kind of KINDS) assert.ok(set.questions.some((q) => q.kind === kind), `${corpus.name} has no ${kind} question`);
    });
  }

  it('names only corpora the evaluation knows', () => {
    const known = new Set(questionCorpora.map((c) => c.name));
    assert.deepEqual([...sets.keys()].filter((c) => !known.has(c)), []);
  });

  it('finds a route caller by its path\'s last fixed segment in the declaring file, a function caller by its header', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cg-questions-'));
    try {
      writeFileSync(join(dir, 'app.py'), "@app.route('/search/<name>', methods=['POST'])\ndef search(name):\n    return name\n");
      const callers = [
        { file: 'app.py', name: 'POST /api/search/<name>' },
        { file: 'app.py', name: 'GET /:id' },
        { file: 'app.py', name: 'search' },
        { file: 'app.py', name: 'GET /other' },
        { file: 'app.py', name: 'missing' },
      ];
      const set = parseQuestionSet({ corpus: 'x', questions: callers.map((c, i) => ({ id: `x-c${i}`, kind: 'callers', query: 'search', targets: [{ file: 'app.py', name: 'search' }], callers: [c], why: 'w' })) }, 'x.json');
      const { problems } = await resolveTargets(set, dir);
      assert.deepEqual(problems, ['x-c3: no caller GET /other in app.py', 'x-c4: no caller missing in app.py']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects a callers question without its caller set, naming the field', () => {
    const bad = { corpus: 'x', questions: [{ id: 'x-1', kind: 'callers', query: 'f', targets: [{ file: 'a.js', name: 'f' }], why: 'w' }] };
    assert.throws(() => parseQuestionSet(bad, 'x.json'), /callers must be a non-empty array/);
  });

  it('keeps the Debian version a set was checked against, and rejects a malformed one', () => {
    const question = { id: 'x-1', kind: 'search', query: 'f', targets: [{ file: 'a.py', name: 'f' }], why: 'w' };
    const set = parseQuestionSet({ corpus: 'x', debian: { package: 'python3-x', version: '1.0-1' }, questions: [question] }, 'x.json');
    assert.deepEqual(set.debian, { package: 'python3-x', version: '1.0-1' });
    assert.throws(() => parseQuestionSet({ corpus: 'x', debian: { package: 'python3-x' }, questions: [question] }, 'x.json'), /debian must be/);
    assert.equal(debianDrift(set, '1.0-1'), undefined);
    assert.equal(debianDrift(set, '1.0-2'), 'questions checked against python3-x 1.0-1, installed 1.0-2: anchors and line numbers may have moved');
    assert.match(debianDrift(set, undefined) ?? '', /installed unknown/);
    assert.equal(debianDrift(parseQuestionSet({ corpus: 'x', questions: [question] }, 'x.json'), '9'), undefined);
  });

  it('rejects an unknown kind', () => {
    const bad = { corpus: 'x', questions: [{ id: 'x-1', kind: 'vibes', query: 'f', targets: [{ file: 'a.js', name: 'f' }], why: 'w' }] };
    assert.throws(() => parseQuestionSet(bad, 'x.json'), /kind must be one of/);
  });
});

describe('evaluation split', () => {
  it('puts every question corpus in exactly one half', () => {
    for (const c of questionCorpora) assert.ok(halfOf(split, c.name) !== undefined, `${c.name} is in no half`);
    assert.equal(split.tuning.length + split['held-out'].length, questionCorpora.length);
  });

  it('keeps the corpora tuned on before the split in the tuning half', () => {
    for (const name of ['django', 'sqlalchemy', 'cobra', 'serde', 'activesupport', 'symfony-console', 'jdk']) assert.equal(halfOf(split, name), 'tuning');
  });

  it('has JavaScript, and every language with two corpora, in both halves', () => {
    const languages = new Set(questionCorpora.map((c) => c.language));
    for (const language of languages) {
      const corpora = questionCorpora.filter((c) => c.language === language);
      if (corpora.length < 2) continue;
      const halves = new Set(corpora.map((c) => halfOf(split, c.name)));
      assert.equal(halves.size, 2, `${language} corpora all in one half`);
    }
  });
});
