/**
 * Gitignore cases as data: ignore files by directory (`''` is the root, `.git/info/exclude` is
 * the repository exclude file), one path, whether it is a directory, and git's verdict. Kept apart
 * from the test so the same table can be replayed against `git ls-files` when in doubt.
 */
export interface GitignoreCase {
  readonly name: string;
  readonly files: Readonly<Record<string, string>>;
  readonly path: string;
  readonly isDir: boolean;
  readonly ignored: boolean;
}

function only(pattern: string, path: string, isDir: boolean, ignored: boolean, name: string): GitignoreCase {
  return { name, files: { '': pattern }, path, isDir, ignored };
}

/** The table; names complete "ignore rules ...". */
export const GITIGNORE_CASES: readonly GitignoreCase[] = [
  only('*.log', 'a.log', false, true, 'match a basename glob at the root'),
  only('*.log', 'src/deep/a.log', false, true, 'match a slash-free pattern at any depth'),
  only('*.log', 'a.log.txt', false, false, 'require the whole basename to match'),
  only('# a.txt', '# a.txt', false, false, 'treat a line starting with # as a comment'),
  only('\\#notes', '#notes', false, true, 'match a literal # after a backslash'),
  only('\\!important', '!important', false, true, 'match a literal ! after a backslash'),
  only('foo   ', 'foo', false, true, 'trim unescaped trailing spaces'),
  only('foo\\ ', 'foo ', false, true, 'keep a trailing space escaped with a backslash'),
  only('foo\\ ', 'foo', false, false, 'not drop an escaped trailing space'),
  only('*.tmp\r\n', 'a.tmp', false, true, 'accept CRLF line endings'),
  only('*.log\n!keep.log', 'keep.log', false, false, 're-include a file matched by a later negation'),
  only('*.log\n!keep.log', 'other.log', false, true, 'still ignore files the negation does not match'),
  only('!keep.log\n*.log', 'keep.log', false, true, 'let the last matching pattern win'),
  only('build/', 'build', true, true, 'match a directory-only pattern against a directory'),
  only('build/', 'build', false, false, 'not match a directory-only pattern against a file'),
  only('build/', 'src/build', true, true, 'match a directory-only pattern without other slashes at any depth'),
  only('build/', 'build/x.ts', false, true, 'ignore files inside an ignored directory'),
  only('/build/', 'src/build', true, false, 'anchor a pattern with a leading slash'),
  only('/root.txt', 'root.txt', false, true, 'match an anchored pattern at its own directory'),
  only('/root.txt', 'sub/root.txt', false, false, 'not match an anchored pattern deeper down'),
  only('doc/frotz', 'doc/frotz', false, true, 'match a pattern with a middle slash from the root'),
  only('doc/frotz', 'a/doc/frotz', false, false, 'anchor a pattern with a middle slash'),
  only('src/*.ts', 'src/a/b.ts', false, false, 'not let * cross a slash'),
  only('?.ts', 'a.ts', false, true, 'match one character with ?'),
  only('?.ts', 'ab.ts', false, false, 'not match two characters with ?'),
  only('[abc].ts', 'b.ts', false, true, 'match a character class'),
  only('[abc].ts', 'd.ts', false, false, 'reject characters outside a class'),
  only('[a-c]x', 'bx', false, true, 'match a character range'),
  only('[!a-c]x', 'dx', false, true, 'match outside a negated range'),
  only('[!a-c]x', 'ax', false, false, 'reject inside a negated range'),
  only('[[:digit:]]x', '5x', false, true, 'match a POSIX character class'),
  only('[abc', '[abc', false, false, 'never match a pattern with an unclosed bracket'),
  only('\\*star', '*star', false, true, 'match a literal * after a backslash'),
  only('\\*star', 'xstar', false, false, 'not treat an escaped * as a wildcard'),
  only('**/foo', 'foo', false, true, 'match a leading **/ at the root'),
  only('**/foo', 'a/b/foo', false, true, 'match a leading **/ at any depth'),
  only('**/foo/bar', 'x/foo/bar', false, true, 'match a leading **/ followed by a path'),
  only('abc/**', 'abc/x/y', false, true, 'match everything inside with a trailing /**'),
  only('abc/**', 'abc', true, false, 'not match the directory itself with a trailing /**'),
  only('a/**/b', 'a/b', false, true, 'match zero directories with /**/'),
  only('a/**/b', 'a/x/y/b', false, true, 'match several directories with /**/'),
  only('a/**/b', 'a/xb', false, false, 'not let /**/ match inside a name'),
  only('dir/\n!dir/keep.ts', 'dir/keep.ts', false, true, 'not re-include a file whose parent directory is excluded'),
  only('dir/*\n!dir/keep.ts', 'dir/keep.ts', false, false, 're-include a file when only the directory contents are excluded'),
  only('.*\n!.gitignore', '.gitignore', false, false, 're-include a dotfile excluded by .*'),
  only('.*\n!.gitignore', '.config', true, true, 'exclude dot directories with .*'),
  only('*', '', true, false, 'never ignore the root itself'),
  {
    name: 'let a deeper file re-include what a shallower file ignores',
    files: { '': '*.gen', sub: '!x.gen' },
    path: 'sub/x.gen',
    isDir: false,
    ignored: false,
  },
  {
    name: 'keep a deeper file out of paths outside its directory',
    files: { '': '*.gen', sub: '!x.gen' },
    path: 'x.gen',
    isDir: false,
    ignored: true,
  },
  {
    name: 'let a deeper file ignore what a shallower file re-includes',
    files: { '': '*.gen\n!x.gen', sub: 'x.gen' },
    path: 'sub/x.gen',
    isDir: false,
    ignored: true,
  },
  {
    name: 'anchor a nested pattern at its own directory',
    files: { sub: '/only.txt' },
    path: 'sub/only.txt',
    isDir: false,
    ignored: true,
  },
  {
    name: 'not apply a nested anchored pattern below its directory',
    files: { sub: '/only.txt' },
    path: 'sub/deep/only.txt',
    isDir: false,
    ignored: false,
  },
  {
    name: 'match a nested middle-slash pattern relative to its directory',
    files: { sub: 'gen/out.txt' },
    path: 'sub/gen/out.txt',
    isDir: false,
    ignored: true,
  },
  {
    name: 'apply .git/info/exclude',
    files: { '.git/info/exclude': '*.x' },
    path: 'a.x',
    isDir: false,
    ignored: true,
  },
  {
    name: 'rank .git/info/exclude below the root .gitignore',
    files: { '.git/info/exclude': '*.x', '': '!keep.x' },
    path: 'keep.x',
    isDir: false,
    ignored: false,
  },
];
