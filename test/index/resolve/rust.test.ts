import assert from 'node:assert/strict';
import { test } from 'node:test';
import { generatedProject } from '../../support/fixture-project.js';
import { dumpGraph } from '../../support/graph-dump.js';
import { ProjectBuilder, imp, targetOf } from './builders.js';

test('rust: a crate:: path import binds to the item in a.rs/b.rs', () => {
  const b = new ProjectBuilder();
  b.file('src/lib.rs');
  b.file('src/net.rs');
  const conn = b.file('src/net/conn.rs');
  const s = b.sym(conn, 'Conn', { kind: 'struct' });
  const user = b.file('src/app.rs', { imports: [imp('crate::net::conn', ['Conn'])] });
  const r = b.ref(user, 'Conn', { kind: 'type_of' });
  assert.equal(targetOf(b.resolve(), b, r), s);
});

test('rust: a super:: import resolves against the parent module\'s mod.rs', () => {
  const b = new ProjectBuilder();
  b.file('src/main.rs');
  const parent = b.file('src/db/mod.rs');
  const f = b.sym(parent, 'pool');
  const child = b.file('src/db/query.rs', { imports: [imp('super', ['pool'])] });
  const r = b.ref(child, 'pool');
  assert.equal(targetOf(b.resolve(), b, r), f);
});

test('rust: a use path ending in the item name binds that item', () => {
  const b = new ProjectBuilder();
  b.file('src/lib.rs');
  const util = b.file('src/util.rs');
  const f = b.sym(util, 'trim');
  const user = b.file('src/app.rs', { imports: [imp('crate::util::trim')] });
  const r = b.ref(user, 'trim');
  assert.equal(targetOf(b.resolve(), b, r), f);
});

test('rust: a crate::module::f() call path binds without an import', () => {
  const b = new ProjectBuilder();
  b.file('src/lib.rs');
  const util = b.file('src/util.rs');
  const f = b.sym(util, 'trim');
  const user = b.file('src/app.rs');
  const r = b.ref(user, 'trim', { receiver: 'crate::util' });
  assert.equal(targetOf(b.resolve(), b, r), f);
});

test('rust: an imported module works as a mod::f() receiver', () => {
  const b = new ProjectBuilder();
  b.file('src/lib.rs');
  const util = b.file('src/util.rs');
  const f = b.sym(util, 'trim');
  const user = b.file('src/app.rs', { imports: [imp('crate', ['util'])] });
  const r = b.ref(user, 'trim', { receiver: 'util' });
  assert.equal(targetOf(b.resolve(), b, r), f);
});

test('rust: pub use re-exports in lib.rs are followed', () => {
  const b = new ProjectBuilder();
  b.file('src/lib.rs', { imports: [imp('crate::inner', ['Engine'], { reexport: true })] });
  const inner = b.file('src/inner.rs');
  const s = b.sym(inner, 'Engine', { kind: 'struct' });
  const user = b.file('src/bin_helper.rs', { imports: [imp('crate', ['Engine'])] });
  const r = b.ref(user, 'Engine', { kind: 'type_of' });
  assert.equal(targetOf(b.resolve(), b, r), s);
});

test('rust: a path into another crate is external', () => {
  const b = new ProjectBuilder();
  b.file('src/lib.rs');
  const other = b.file('src/map.rs');
  b.sym(other, 'HashMap', { kind: 'struct' });
  const user = b.file('src/app.rs', { imports: [imp('std::collections', ['HashMap'])] });
  const r = b.ref(user, 'HashMap', { kind: 'type_of' });
  assert.deepEqual(b.resolve().unresolved, [r]);
});

test('rust: a child module declared with `mod x;` works as an x::f() receiver, from mod.rs and lib.rs, and through two such modules', () => {
  const b = new ProjectBuilder();
  const lib = b.file('src/lib.rs');
  b.sym(lib, 'de', { kind: 'module' });
  const de = b.file('src/de/mod.rs');
  b.sym(de, 'utf8', { kind: 'module' });
  const utf8 = b.file('src/de/utf8.rs');
  const encode = b.sym(utf8, 'encode');
  const visit = b.ref(de, 'encode', { receiver: 'utf8' });
  const deFile = b.sym(de, 'visit');
  const fromLib = b.ref(lib, 'visit', { receiver: 'de' });
  const through = b.ref(lib, 'encode', { receiver: 'de::utf8' });
  // A same-named function elsewhere must not be taken when the path is lost.
  b.sym(b.file('src/other.rs'), 'decode');
  const lost = b.ref(lib, 'decode', { receiver: 'de::missing' });
  const result = b.resolve();
  assert.equal(targetOf(result, b, visit), encode);
  assert.equal(targetOf(result, b, fromLib), deFile);
  assert.equal(targetOf(result, b, through), encode);
  assert.equal(targetOf(result, b, lost), undefined);
});

test('rust: without the `mod` declaration a same-named file is not a child module', () => {
  const b = new ProjectBuilder();
  b.file('src/lib.rs');
  const de = b.file('src/de/mod.rs');
  const utf8 = b.file('src/de/utf8.rs');
  b.sym(utf8, 'encode');
  const visit = b.ref(de, 'encode', { receiver: 'utf8' });
  assert.equal(targetOf(b.resolve(), b, visit), undefined);
});

/** A crate whose `__private` module lives in `src/private/` through `#[path]`, and a file that calls into it. */
const PATH_CRATE: Readonly<Record<string, string>> = {
  'Cargo.toml': '[package]\nname = "pathy"\nversion = "0.1.0"\n',
  'src/lib.rs': '#[path = "private/mod.rs"]\npub mod __private;\nmod value;\n\npub fn direct() -> usize {\n    __private::size_hint::from_bounds(1)\n}\n',
  'src/private/mod.rs': 'pub mod size_hint;\n',
  'src/private/size_hint.rs': 'pub fn from_bounds(n: usize) -> usize {\n    n\n}\n',
  'src/value.rs': 'use __private::size_hint;\n\npub fn hint() -> usize {\n    size_hint::from_bounds(2)\n}\n',
};

test('rust: a #[path] module is found where the attribute says, through use paths and call paths', async () => {
  const project = await generatedProject(PATH_CRATE);
  try {
    const dump = await dumpGraph(project.root);
    assert.match(dump, /edge src\/value\.rs#function:hint@\S+ -calls-> src\/private\/size_hint\.rs#function:from_bounds@/);
    assert.match(dump, /edge src\/lib\.rs#function:direct@\S+ -calls-> src\/private\/size_hint\.rs#function:from_bounds@/);
  } finally {
    project.cleanup();
  }
});

test('rust: a module declared with two #[path] files (one per platform) is not guessed', async () => {
  const project = await generatedProject({
    'Cargo.toml': '[package]\nname = "sys"\nversion = "0.1.0"\n',
    'src/lib.rs': '#[cfg(unix)]\n#[path = "unix.rs"]\nmod imp;\n#[cfg(windows)]\n#[path = "windows.rs"]\nmod imp;\nmod user;\n',
    'src/unix.rs': 'pub fn open() -> u8 {\n    1\n}\n',
    'src/windows.rs': 'pub fn open() -> u8 {\n    2\n}\n',
    'src/user.rs': 'use crate::imp;\n\npub fn run() -> u8 {\n    imp::open()\n}\n',
  });
  try {
    assert.doesNotMatch(await dumpGraph(project.root), /edge src\/user\.rs#function:run@\S+ -calls-> /);
  } finally {
    project.cleanup();
  }
});

test('rust: self calls in an impl for a type outside the project reach the trait, never a guess', async () => {
  const project = await generatedProject({
    'Cargo.toml': '[package]\nname = "buf"\nversion = "0.1.0"\n',
    'src/lib.rs': [
      'pub trait BufMut {',
      '    fn remaining_mut(&self) -> usize;',
      '    fn put_slice(&mut self, src: &[u8]) {}',
      '}',
      'pub struct BytesMut { len: usize }',
      'impl BytesMut {',
      '    pub fn reserve(&mut self, n: usize) {}',
      '    pub fn grow(&mut self) { self.reserve(1); }',
      '}',
      'impl BufMut for Vec<u8> {',
      '    fn remaining_mut(&self) -> usize {',
      '        self.reserve(4);',
      '        self.put_slice(&[1]);',
      '        0',
      '    }',
      '}',
      '',
    ].join('\n'),
  });
  try {
    const dump = await dumpGraph(project.root);
    // Vec's own `reserve` is not the project's `BytesMut::reserve`.
    assert.doesNotMatch(dump, /edge src\/lib\.rs#method:Vec\.remaining_mut@\S+ -calls-> \S+BytesMut\.reserve/);
    assert.match(dump, /edge src\/lib\.rs#method:Vec\.remaining_mut@\S+ -calls-> src\/lib\.rs#method:BufMut\.put_slice@/);
    assert.match(dump, /edge src\/lib\.rs#method:BytesMut\.grow@\S+ -calls-> src\/lib\.rs#method:BytesMut\.reserve@/);
    assert.match(dump, /edge src\/lib\.rs#impl:impl BufMut for Vec@\S+ -implements-> src\/lib\.rs#trait:BufMut@/);
  } finally {
    project.cleanup();
  }
});

test('rust: in an impl for a type outside the project, self reaches the block\'s own items, and a call of its own name delegates', async () => {
  const project = await generatedProject({
    'Cargo.toml': '[package]\nname = "acc"\nversion = "0.1.0"\n',
    'src/lib.rs': [
      'pub trait SeqAccess { type Error; fn size_hint(&self) -> usize { 0 } }',
      'pub trait MapAccess { fn size_hint(&self) -> usize { 0 } }',
      'impl<A: SeqAccess> SeqAccess for &mut A {',
      '    type Error = A::Error;',
      '    fn size_hint(&self) -> usize { (**self).size_hint() }',
      '    fn err(&self) -> Option<Self::Error> { None }',
      '}',
      'impl<A: MapAccess> MapAccess for &mut A {',
      '    fn size_hint(&self) -> usize { (**self).size_hint() }',
      '}',
      '',
    ].join('\n'),
  });
  try {
    const dump = await dumpGraph(project.root);
    assert.match(dump, /edge src\/lib\.rs#method:A\.size_hint@\S+ -calls-> src\/lib\.rs#method:SeqAccess\.size_hint@/);
    assert.match(dump, /edge src\/lib\.rs#method:A\.size_hint@\S+ -calls-> src\/lib\.rs#method:MapAccess\.size_hint@/);
    // Neither block's `size_hint` calls itself or the other block's.
    assert.doesNotMatch(dump, /edge src\/lib\.rs#method:A\.size_hint@\S+ -calls-> src\/lib\.rs#method:A\.size_hint@/);
    assert.match(dump, /edge src\/lib\.rs#method:A\.err@\S+ -references-> src\/lib\.rs#type_alias:A\.Error@/);
  } finally {
    project.cleanup();
  }
});

test('rust: self::f() and super::f() call the module\'s function, not a member of self', async () => {
  const project = await generatedProject({
    'Cargo.toml': '[package]\nname = "paths"\nversion = "0.1.0"\n',
    'src/lib.rs': [
      'mod m;',
      'pub fn top() {}',
      'fn helper() {}',
      'pub fn run() { self::helper(); }',
      'pub struct S;',
      'impl S { fn go(&self) { self::helper(); } }',
      '',
    ].join('\n'),
    'src/m.rs': 'pub fn inner() { super::top(); }\n',
  });
  try {
    const dump = await dumpGraph(project.root);
    assert.match(dump, /edge src\/lib\.rs#function:run@\S+ -calls-> src\/lib\.rs#function:helper@/);
    assert.match(dump, /edge src\/lib\.rs#method:S\.go@\S+ -calls-> src\/lib\.rs#function:helper@/);
    assert.match(dump, /edge src\/m\.rs#function:inner@\S+ -calls-> src\/lib\.rs#function:top@/);
  } finally {
    project.cleanup();
  }
});

test('rust: in an impl for a pointer the usual steps go on; for a concrete outside type a call of the method\'s own name is the type\'s', async () => {
  const project = await generatedProject({
    'Cargo.toml': '[package]\nname = "rt"\nversion = "0.1.0"\n',
    'src/lib.rs': [
      'use std::sync::Arc;',
      'use std::process::Child;',
      'pub trait Schedule { fn schedule(&self); }',
      'pub trait Kill { fn kill(&mut self); }',
      'pub struct Handle;',
      'impl Handle { pub fn schedule_task(&self) {} }',
      'impl Schedule for Arc<Handle> {',
      '    fn schedule(&self) { self.schedule_task(); }',
      '}',
      'impl Kill for Child {',
      '    fn kill(&mut self) { self.kill(); }',
      '}',
      '',
    ].join('\n'),
  });
  try {
    const dump = await dumpGraph(project.root);
    // `Arc<Handle>` dereferences to `Handle`.
    assert.match(dump, /edge src\/lib\.rs#method:Arc\.schedule@\S+ -calls-> src\/lib\.rs#method:Handle\.schedule_task@/);
    // `Child::kill` comes before `Kill::kill`.
    assert.doesNotMatch(dump, /edge src\/lib\.rs#method:Child\.kill@\S+ -calls-> /);
  } finally {
    project.cleanup();
  }
});

test('rust: a call on a type from outside the project (Vec::new, Arc::new) binds to no project function of that name; on a type parameter it may', () => {
  const b = new ProjectBuilder();
  const f = b.file('src/ledger.rs');
  const ledger = b.sym(f, 'Ledger', { kind: 'struct' });
  const make = b.sym(f, 'new', { parent: ledger, qualifiedName: 'Ledger.new' });
  const user = b.file('src/user.rs');
  const onVec = b.ref(user, 'new', { receiver: 'Vec' });
  const onArc = b.ref(user, 'new', { receiver: 'Arc' });
  const onParam = b.ref(user, 'new', { receiver: 'T' });
  const result = b.resolve();
  assert.equal(targetOf(result, b, onVec), undefined);
  // The pointer's own constructor; a value behind one is recorded as its contents' type.
  assert.equal(targetOf(result, b, onArc), undefined);
  assert.equal(targetOf(result, b, onParam), make);
});

test('rust: an integration test reaches the package\'s library by its crate name; other crates stay outside', () => {
  const b = new ProjectBuilder();
  b.file('src/lib.rs', { packageName: 'tokio' });
  const mod = b.file('src/task/mod.rs', { packageName: 'tokio' });
  const joinSet = b.sym(mod, 'JoinSet', { kind: 'struct', exported: true });
  const joinNext = b.sym(mod, 'join_next', { parent: joinSet, qualifiedName: 'JoinSet.join_next' });
  const helper = b.file('src/support.rs', { packageName: 'tokio' });
  b.sym(helper, 'assert_pending', { kind: 'macro', exported: true });
  const test = b.file('tests/task_join_set.rs', {
    packageName: 'tokio', imports: [imp('tokio::task', ['JoinSet']), imp('tokio_test', ['assert_pending'])],
  });
  const own = b.ref(test, 'join_next', { receiver: 'JoinSet' });
  const path = b.ref(test, 'join_next', { receiver: 'tokio::task::JoinSet' });
  const other = b.ref(test, 'assert_pending');
  const std = b.ref(test, 'new', { receiver: 'std::sync::Arc' });
  const list = b.sym(mod, 'LinkedList', { kind: 'struct', exported: true });
  const popBack = b.sym(mod, 'pop_back', { parent: list, qualifiedName: 'LinkedList.pop_back' });
  // A local named like a standard crate is no path into it.
  const local = b.ref(test, 'pop_back', { receiver: 'core.queue' });
  const result = b.resolve();
  assert.equal(targetOf(result, b, local), popBack);
  assert.equal(targetOf(result, b, own), joinNext);
  assert.equal(targetOf(result, b, path), joinNext);
  assert.equal(targetOf(result, b, other), undefined);
  assert.equal(targetOf(result, b, std), undefined);
});


test('rust: a path through another crate (parking_lot::Mutex::new) binds to no project type of that name; a workspace crate, a module or a primitive may', () => {
  const b = new ProjectBuilder();
  b.file('src/lib.rs', { packageName: 'app' });
  const lock = b.file('src/lock.rs', { packageName: 'app' });
  const mutex = b.sym(lock, 'Mutex', { kind: 'struct', exported: true });
  const make = b.sym(lock, 'new', { parent: mutex, qualifiedName: 'Mutex.new' });
  // A sibling crate of the same workspace, reached by its crate name.
  b.file('util/src/lib.rs', { packageName: 'app_util' });
  const user = b.file('src/user.rs', { packageName: 'app' });
  // A module declared somewhere in the project, which a glob import may bring into scope.
  b.sym(user, 'inner', { kind: 'module' });
  const other = b.ref(user, 'new', { receiver: 'parking_lot::Mutex' });
  const workspace = b.ref(user, 'new', { receiver: 'app_util::Mutex' });
  const module = b.ref(user, 'new', { receiver: 'lock::Mutex' });
  const declared = b.ref(user, 'new', { receiver: 'inner::Mutex' });
  const primitive = b.ref(user, 'new', { receiver: 'u32::Mutex' });
  const result = b.resolve();
  assert.equal(targetOf(result, b, other), undefined);
  assert.equal(targetOf(result, b, workspace), make);
  assert.equal(targetOf(result, b, module), make);
  assert.equal(targetOf(result, b, declared), make);
  assert.equal(targetOf(result, b, primitive), make);
});

test('rust: self in an impl block of another file reaches the type\'s methods when one type has that name; two same-named types stay apart', async () => {
  const project = await generatedProject({
    'Cargo.toml': '[package]\nname = "task"\nversion = "0.1.0"\n',
    'src/lib.rs': 'mod raw;\nmod harness;\nmod a;\nmod b;\n',
    'src/raw.rs': [
      'pub struct RawTask { ptr: usize }',
      'impl RawTask {',
      '    pub fn state(&self) -> usize { self.ptr }',
      '}',
      '',
    ].join('\n'),
    'src/harness.rs': [
      'pub struct Harness { cell: usize }',
      'impl Harness {',
      '    fn state(&self) -> usize { self.cell }',
      '}',
      'impl RawTask {',
      '    pub fn drop_reference(self) { self.state(); }',
      '}',
      '',
    ].join('\n'),
    // Two types named `Inner`: an impl block in a third file could mean either.
    'src/a.rs': 'pub struct Inner;\nimpl Inner { pub fn is_shutdown(&self) -> bool { true } }\n',
    'src/b.rs': 'pub struct Inner;\nimpl Inner { pub fn is_shutdown(&self) -> bool { false } }\n',
    'src/c.rs': 'impl Inner {\n    pub fn check(&self) -> bool { self.is_shutdown() }\n}\n',
  });
  try {
    const dump = await dumpGraph(project.root);
    assert.match(dump, /edge src\/harness\.rs#method:RawTask\.drop_reference@\S+ -calls-> src\/raw\.rs#method:RawTask\.state@/);
    assert.doesNotMatch(dump, /edge src\/harness\.rs#method:RawTask\.drop_reference@\S+ -calls-> \S+Harness\.state@/);
    assert.doesNotMatch(dump, /edge src\/c\.rs#method:Inner\.check@\S+ -calls->/);
  } finally {
    project.cleanup();
  }
});
