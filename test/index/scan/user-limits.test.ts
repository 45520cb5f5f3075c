import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_CONFIG, DEFAULT_MAX_FILE_SIZE } from '../../../src/index/scan/config-fields.js';
import { limitConfig, MAX_FILE_SIZE_CEILING, userLimits } from '../../../src/index/scan/user-limits.js';

const FIFTY_MB = 50 * 1024 * 1024;

test('userLimits gives the default limit when CODEGRAPH_MAX_FILE_SIZE is not set', () => {
  assert.deepEqual(userLimits({}), { maxFileSize: DEFAULT_MAX_FILE_SIZE, warnings: [] });
});

test('userLimits takes CODEGRAPH_MAX_FILE_SIZE in bytes when it is set', () => {
  assert.deepEqual(userLimits({ CODEGRAPH_MAX_FILE_SIZE: '4194304' }), { maxFileSize: 4194304, warnings: [] });
});

test('userLimits holds CODEGRAPH_MAX_FILE_SIZE to what the parser can take', () => {
  const limits = userLimits({ CODEGRAPH_MAX_FILE_SIZE: String(FIFTY_MB) });
  assert.equal(limits.maxFileSize, MAX_FILE_SIZE_CEILING);
  assert.match(limits.warnings[0]!, /above the 8388608 bytes the parser can take/);
});

for (const bad of ['2MB', '-5', '0', '1.5', '1e9']) {
  test(`userLimits warns and keeps the default when CODEGRAPH_MAX_FILE_SIZE is ${JSON.stringify(bad)}`, () => {
    const limits = userLimits({ CODEGRAPH_MAX_FILE_SIZE: bad });
    assert.equal(limits.maxFileSize, DEFAULT_MAX_FILE_SIZE);
    assert.match(limits.warnings[0]!, /not a positive whole number of bytes/);
  });
}

test('limitConfig keeps a repository maxFileSize that is lower than the user limit', () => {
  const { config, warnings } = limitConfig({ ...DEFAULT_CONFIG, maxFileSize: 2048 }, [{ file: 'codegraph.json', maxFileSize: 2048 }], userLimits({}));
  assert.equal(config.maxFileSize, 2048);
  assert.deepEqual(warnings, []);
});

test('limitConfig does not let a repository raise maxFileSize past the user limit, and says so', () => {
  const { config, warnings } = limitConfig({ ...DEFAULT_CONFIG, maxFileSize: FIFTY_MB }, [{ file: 'codegraph.json', maxFileSize: FIFTY_MB }], userLimits({}));
  assert.equal(config.maxFileSize, DEFAULT_MAX_FILE_SIZE);
  assert.match(warnings[0]!, /maxFileSize 52428800 in codegraph\.json is above this user's limit of 1048576 bytes.*CODEGRAPH_MAX_FILE_SIZE/);
});

test('limitConfig makes the user limit the limit when no control file sets one', () => {
  const { config } = limitConfig(DEFAULT_CONFIG, [{ file: 'codegraph.json', maxFileSize: undefined }], userLimits({ CODEGRAPH_MAX_FILE_SIZE: '3000000' }));
  assert.equal(config.maxFileSize, 3000000);
});
