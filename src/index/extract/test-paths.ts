/** Test-file detection by path convention, shared by every language. */

const TEST_DIR = /(?:^|\/)(?:tests?|testing|__tests__|__mocks__|spec|specs|testdata|test_?data|fixtures)\//i;
const TEST_FILE = new RegExp([
  /_test\.(?:go|py|rb|exs?|dart|c|cc|cpp|rs|lua|zig)$/.source,
  /^test_[^/]*\.py$/.source,
  /^conftest\.py$/.source,
  /\.(?:spec|test)\.[cm]?[jt]sx?$/.source,
  /[^/](?:Tests?|Spec|IT)\.(?:java|kt|kts|scala|cs|swift|groovy|php|m)$/.source,
  /_spec\.rb$/.source,
  /_tests?\.(?:cpp|cc|c|h|hpp)$/.source,
  /^test_[^/]*\.(?:c|cc|cpp|rs)$/.source,
  /^tests?\.rs$/.source,
].join('|'));

/** True when the project-relative path looks like a test file or lives in a test directory. */
export function isTestPath(path: string): boolean {
  const p = path.replace(/\\/g, '/');
  if (TEST_DIR.test(p)) return true;
  const slash = p.lastIndexOf('/');
  return TEST_FILE.test(slash >= 0 ? p.slice(slash + 1) : p);
}
