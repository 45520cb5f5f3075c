import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isTestPath } from '../../../src/index/extract/extract.js';

const TESTS = [
  'tests/test_api.py', 'pkg/test_api.py', 'pkg/api_test.py', 'server/handler_test.go', 'src/__tests__/a.ts',
  'src/a.spec.ts', 'src/a.test.js', 'src/a.test.tsx', 'src/test/java/FooTest.java', 'app/FooTests.java',
  'spec/models/user_spec.rb', 'test/unit.c', 'conftest.py', 'src/FooIT.java', 'lib/foo_test.exs', 'src/fs/tests.rs',
  'lib/sqlalchemy/testing/assertions.py', 'lib/active_support/testing/time_helpers.rb',
];
const NOT_TESTS = [
  'src/index.ts', 'pkg/api.py', 'server/handler.go', 'src/Contest.java', 'src/latest.ts',
  'src/testing_utils.go', 'lib/attest.rb', 'src/Test.java', 'protest/main.py', 'src/contests.rs', 'src/lib.rs',
];

for (const path of TESTS) test(`isTestPath accepts ${path}`, () => assert.equal(isTestPath(path), true));
for (const path of NOT_TESTS) test(`isTestPath rejects ${path}`, () => assert.equal(isTestPath(path), false));
