// Mutation testing: `npm run mutate` (every module below) or `npm run mutate -- jsonrpc schema`
// (those modules). See docs/architecture.md (Tests) for how to read the report.
//
// Stryker copies the project to a sandbox, builds it with tsc (tests import dist/), and runs the
// listed test files of a module with node's test runner in TAP form; each mutant runs only the
// files that reached it in the first, unmutated run. The incremental file, committed, lets a later
// run test only the mutants whose code or tests changed.

/** Each module: the source it mutates and the test files that guard it (compiled paths). */
export const MODULES = {
  jsonrpc: { mutate: ['src/jsonrpc/**/*.ts'], tests: ['dist/test/jsonrpc/*.test.js', 'dist/test/transport/stdio.test.js'] },
  mcp: { mutate: ['src/mcp/**/*.ts'], tests: ['dist/test/mcp/*.test.js'] },
  schema: { mutate: ['src/tools/schema.ts'], tests: ['dist/test/tools/schema.test.js'] },
  http: { mutate: ['src/transport/http/**/*.ts'], tests: ['dist/test/transport/http/*.test.js'] },
  daemon: {
    mutate: ['src/daemon/attach.ts', 'src/daemon/claim-socket.ts', 'src/daemon/socket-path.ts', 'src/daemon/socket-trust.ts', 'src/daemon/daemon-proof.ts', 'src/daemon/introduce.ts', 'src/daemon/garbage-collector.ts'],
    tests: ['dist/test/daemon/attach*.test.js', 'dist/test/daemon/socket-*.test.js', 'dist/test/daemon/daemon-proof.test.js', 'dist/test/daemon/introduce.test.js', 'dist/test/daemon/garbage-collector.test.js'],
  },
  sync: { mutate: ['src/index/sync/**/*.ts'], tests: ['dist/test/index/sync/*.test.js', 'dist/test/index/session.test.js', 'dist/test/project/freshness.test.js', 'dist/test/store/status-snapshot.test.js', 'dist/test/store/saved-index.test.js'] },
  steps: { mutate: ['src/index/resolve/steps/**/*.ts'], tests: ['dist/test/index/resolve/*.test.js'] },
  writer: { mutate: ['src/store/graph-writer.ts'], tests: ['dist/test/store/*.test.js'] },
  changelog: {
    mutate: ['src/store/change-log.ts', 'src/store/change-record.ts', 'src/store/change-log-file.ts', 'src/store/saved-index.ts'],
    tests: ['dist/test/store/change-log.test.js', 'dist/test/store/change-record.test.js', 'dist/test/store/change-log-file.test.js', 'dist/test/store/saved-index.test.js', 'dist/test/store/saved-index-kills.test.js', 'dist/test/store/status-snapshot.test.js'],
  },
  secrets: { mutate: ['src/project/secret-content.ts'], tests: ['dist/test/project/secret-content.test.js'] },
  globs: { mutate: ['src/index/scan/pattern-match.ts', 'src/index/scan/pattern.ts'], tests: ['dist/test/index/scan/pattern-match.test.js', 'dist/test/index/scan/glob.test.js', 'dist/test/index/scan/gitignore.test.js'] },
};

const asked = (process.env.CODEGRAPH_MUTATE ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
const unknown = asked.filter((name) => !(name in MODULES));
if (unknown.length > 0) throw new Error(`unknown module(s) ${unknown.join(', ')}; known: ${Object.keys(MODULES).join(', ')}`);
const chosen = asked.length > 0 ? asked : Object.keys(MODULES);

export default {
  packageManager: 'npm',
  testRunner: 'tap',
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.json',
  // Accuracy first: grouping mutants for speed reported whole files' valid mutants as compile errors.
  typescriptChecker: { prioritizePerformanceOverAccuracy: false },
  // The full build: tests that start the CLI run the bundle, built here from the mutated source.
  buildCommand: 'npm run --silent build',
  mutate: chosen.flatMap((name) => MODULES[name].mutate),
  tap: {
    testFiles: chosen.flatMap((name) => MODULES[name].tests),
    nodeArgs: ['--no-concurrent-recompilation', '--test-reporter=tap', '-r', '{{hookFile}}', '{{testFile}}'],
  },
  coverageAnalysis: 'perTest',
  incremental: true,
  incrementalFile: 'test/mutation/stryker-incremental.json',
  ignorePatterns: ['dist', '.codegraph', 'test/fixtures/**/.codegraph'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  concurrency: 2,
  timeoutMS: 30_000,
  thresholds: { high: 90, low: 85, break: null },
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: 'dist/mutation/report.json' },
  htmlReporter: { fileName: 'dist/mutation/report.html' },
};
