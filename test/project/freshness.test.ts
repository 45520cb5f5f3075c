import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  DRIFT_BANNER_HEAD, DRIFT_BANNER_TAIL, FreshnessProbe, driftBanner, isSecretPath, lexicalProjectPath, safeProjectPath,
} from '../../src/project/freshness.js';
import type { FileRecordSource } from '../../src/project/freshness.js';
import type { StoredFile } from '../../src/store/index.js';

let root: string;
let outside: string;

/** Records of files as they are on disk now, the way the indexer stores them. */
function recordsOf(paths: readonly string[]): Map<string, StoredFile> {
  const records = new Map<string, StoredFile>();
  paths.forEach((path, i) => {
    const full = join(root, path);
    const info = statSync(full);
    const sha256 = createHash('sha256').update(readFileSync(full)).digest('hex');
    records.set(path, {
      id: i + 1, fileNodeId: i + 1, path, language: 'typescript', size: info.size, mtimeMs: info.mtimeMs, sha256,
      nodeCount: 0, parseErrors: 0, isTest: false, packageName: null,
    });
  });
  return records;
}

function source(records: Map<string, StoredFile>, calls: string[] = []): FileRecordSource {
  return {
    fileDigests: (paths) => {
      calls.push(paths.join(','));
      return new Map(paths.flatMap((p) => (records.has(p) ? [[p, records.get(p) as StoredFile] as const] : [])));
    },
  };
}

function write(path: string, text: string): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}

before(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'codegraph-fresh-')));
  outside = realpathSync(mkdtempSync(join(tmpdir(), 'codegraph-outside-')));
  writeFileSync(join(outside, 'secret.txt'), 'outside bytes\n');
});

after(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('FreshnessProbe.check', () => {
  test('a file whose size and mtime match its record is fresh', () => {
    write('a.ts', 'export const a = 1;\n');
    const probe = new FreshnessProbe(root, source(recordsOf(['a.ts'])));
    assert.equal(probe.check('a.ts'), 'fresh');
  });

  test('a touched file with identical bytes is fresh (the hash absorbs it)', () => {
    write('b.ts', 'export const b = 1;\n');
    const records = recordsOf(['b.ts']);
    utimesSync(join(root, 'b.ts'), new Date(), new Date(Date.now() + 5000));
    assert.equal(new FreshnessProbe(root, source(records)).check('b.ts'), 'fresh');
  });

  test('an edited file is drifted', () => {
    write('c.ts', 'export const c = 1;\n');
    const records = recordsOf(['c.ts']);
    write('c.ts', 'export const c = 22;\n');
    assert.equal(new FreshnessProbe(root, source(records)).check('c.ts'), 'drifted');
  });

  test('a deleted file, a file without a record, and a path outside the root are drifted', () => {
    write('d.ts', 'x\n');
    const records = recordsOf(['d.ts']);
    unlinkSync(join(root, 'd.ts'));
    const probe = new FreshnessProbe(root, source(records));
    assert.equal(probe.check('d.ts'), 'drifted');
    write('e.ts', 'x\n');
    assert.equal(probe.check('e.ts'), 'drifted');
    assert.equal(probe.check('../outside.ts'), 'drifted');
  });

  test('an oversized file with a stat mismatch is drifted without being hashed', () => {
    write('big.ts', 'y'.repeat(64));
    const records = recordsOf(['big.ts']);
    utimesSync(join(root, 'big.ts'), new Date(), new Date(Date.now() + 9000));
    assert.equal(new FreshnessProbe(root, source(records), { maxBytes: 16 }).check('big.ts'), 'drifted');
    assert.equal(new FreshnessProbe(root, source(records)).check('big.ts'), 'fresh');
  });

  test('results are memoized for the probe lifetime', () => {
    write('m.ts', 'one\n');
    const records = recordsOf(['m.ts']);
    const lookups: string[] = [];
    const probe = new FreshnessProbe(root, source(records, lookups));
    assert.equal(probe.check('m.ts'), 'fresh');
    write('m.ts', 'two two\n');
    assert.equal(probe.check('m.ts'), 'fresh');
    assert.deepEqual(lookups, ['m.ts']);
    assert.equal(new FreshnessProbe(root, source(records)).check('m.ts'), 'drifted');
  });
});

describe('FreshnessProbe.readCurrent and banner', () => {
  test('readCurrent returns current text, and nothing for secrets or paths outside the root', () => {
    write('r.ts', 'current\n');
    write('.env', 'TOKEN=1\n');
    const probe = new FreshnessProbe(root, source(new Map()));
    assert.equal(probe.readCurrent('r.ts'), 'current\n');
    assert.equal(probe.readCurrent('.env'), undefined);
    assert.equal(probe.readCurrent(join(outside, 'secret.txt')), undefined);
  });

  test('a symlink leaving the root gets a verdict, but its bytes are never handed out', () => {
    symlinkSync(join(outside, 'secret.txt'), join(root, 'leaves.ts'));
    const records = new Map([['leaves.ts', { ...recordsOf(['r.ts']).get('r.ts') as StoredFile, path: 'leaves.ts', mtimeMs: 0 }]]);
    const probe = new FreshnessProbe(root, source(records));
    assert.equal(probe.check('leaves.ts'), 'drifted');
    assert.equal(probe.readCurrent('leaves.ts'), undefined);
    assert.equal(lexicalProjectPath(root, 'leaves.ts')?.absolute, join(root, 'leaves.ts'));
    assert.equal(lexicalProjectPath(root, '../x.ts'), undefined);
    assert.equal(safeProjectPath(root, 'leaves.ts'), undefined);
  });

  test('the banner names only cited drifted files, in the seed wording', () => {
    write('f1.ts', 'a\n');
    write('f2.ts', 'b\n');
    write('f3.ts', 'c\n');
    const records = recordsOf(['f1.ts', 'f2.ts', 'f3.ts']);
    write('f1.ts', 'changed\n');
    write('f2.ts', 'changed too\n');
    const probe = new FreshnessProbe(root, source(records));
    assert.equal(probe.banner(), '');
    probe.cite('f1.ts');
    probe.cite('f3.ts');
    assert.equal(probe.check('f2.ts'), 'drifted');
    assert.equal(
      probe.banner(),
      '⚠️ Some files referenced below were edited since the last index sync — their codegraph entries may be stale:\n' +
        '  - f1.ts\n' +
        'For accurate content of those specific files, Read them directly. The rest of this response is fresh.\n\n',
    );
    assert.equal(probe.withBanner('body\n'), `${probe.banner()}body\n`);
    assert.deepEqual(probe.driftedCitations(), ['f1.ts']);
  });

  test('the banner reads the records of several cited files in one call, and an unindexed one counts as drifted', () => {
    write('g1.ts', 'a\n');
    write('g2.ts', 'b\n');
    write('g3.ts', 'c\n');
    const records = recordsOf(['g1.ts', 'g2.ts']);
    write('g2.ts', 'changed\n');
    const calls: string[] = [];
    const probe = new FreshnessProbe(root, source(records, calls));
    assert.equal(probe.check('g1.ts'), 'fresh');
    for (const path of ['g1.ts', 'g2.ts', 'g3.ts']) probe.cite(path);
    assert.deepEqual(probe.driftedCitations(), ['g2.ts', 'g3.ts']);
    assert.deepEqual(probe.driftedCitations(), ['g2.ts', 'g3.ts']);
    assert.deepEqual(calls, ['g1.ts', 'g2.ts,g3.ts']);
  });

  test('driftBanner is empty for no paths and lists each path otherwise', () => {
    assert.equal(driftBanner([]), '');
    assert.equal(driftBanner(['x/y.rs', 'z.rs']), `${DRIFT_BANNER_HEAD}\n  - x/y.rs\n  - z.rs\n${DRIFT_BANNER_TAIL}\n\n`);
  });
});

describe('safeProjectPath', () => {
  test('accepts relative, ./, backslash and absolute spellings inside the root', () => {
    write('src/app.ts', 'x\n');
    assert.equal(safeProjectPath(root, 'src/app.ts')?.relative, 'src/app.ts');
    assert.equal(safeProjectPath(root, './src/app.ts')?.relative, 'src/app.ts');
    assert.equal(safeProjectPath(root, 'src\\app.ts')?.relative, 'src/app.ts');
    assert.equal(safeProjectPath(root, join(root, 'src', 'app.ts'))?.relative, 'src/app.ts');
    assert.equal(safeProjectPath(root, 'src/../src/app.ts')?.relative, 'src/app.ts');
  });

  test('refuses .. escapes, absolute paths elsewhere and the root itself', () => {
    assert.equal(safeProjectPath(root, '../x.ts'), undefined);
    assert.equal(safeProjectPath(root, 'src/../../x.ts'), undefined);
    assert.equal(safeProjectPath(root, '..\\x.ts'), undefined);
    assert.equal(safeProjectPath(root, join(outside, 'secret.txt')), undefined);
    assert.equal(safeProjectPath(root, '/etc/passwd'), undefined);
    assert.equal(safeProjectPath(root, '.'), undefined);
    assert.equal(safeProjectPath(root, ''), undefined);
  });

  test('refuses symlinks whose target leaves the root, accepts those that stay inside', () => {
    symlinkSync(join(outside, 'secret.txt'), join(root, 'escape.ts'));
    symlinkSync(outside, join(root, 'escapedir'));
    symlinkSync(join(root, 'src', 'app.ts'), join(root, 'alias.ts'));
    assert.equal(safeProjectPath(root, 'escape.ts'), undefined);
    assert.equal(safeProjectPath(root, 'escapedir/secret.txt'), undefined);
    assert.equal(safeProjectPath(root, 'alias.ts')?.relative, 'alias.ts');
    assert.equal(new FreshnessProbe(root, source(new Map())).readCurrent('escape.ts'), undefined);
  });
});

describe('isSecretPath', () => {
  const cases: [string, boolean][] = [
    ['.env', true], ['config/.env', true], ['.env.local', true], ['.env.production', true], ['certs/server.pem', true],
    ['tls/server.key', true], ['store.p12', true], ['store.pfx', true], ['home/.ssh/id_rsa', true], ['id_rsa.pub', true],
    ['id_ed25519', true], ['release.keystore', true], ['.aws/credentials', true], ['credentials.json', true],
    ['.netrc', true], ['src\\.env', true],
    ['src/env.ts', false], ['src/keyboard.ts', false], ['src/key.ts', false], ['environment.py', false], ['README.md', false],
  ];
  for (const [path, secret] of cases) {
    test(`${path} is ${secret ? '' : 'not '}a secret file`, () => {
      assert.equal(isSecretPath(path), secret);
    });
  }
});
