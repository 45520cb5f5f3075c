import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ProjectBuilder, imp, targetOf } from './builders.js';

test('jvm: import a.b.C binds to the class declared in package a.b', () => {
  const b = new ProjectBuilder();
  const mine = b.file('src/com/acme/model/User.java', { packageName: 'com.acme.model' });
  const user = b.sym(mine, 'User', { kind: 'class' });
  const other = b.file('src/org/other/User.java', { packageName: 'org.other' });
  b.sym(other, 'User', { kind: 'class' });
  const svc = b.file('src/com/acme/svc/Svc.java', { packageName: 'com.acme.svc', imports: [imp('com.acme.model.User')] });
  const r = b.ref(svc, 'User', { kind: 'type_of' });
  assert.equal(targetOf(b.resolve(), b, r), user);
});

test('jvm: a wildcard import makes every type of the package visible', () => {
  const b = new ProjectBuilder();
  const f = b.file('src/a/b/Repo.java', { packageName: 'a.b' });
  const repo = b.sym(f, 'Repo', { kind: 'class' });
  const svc = b.file('src/c/Svc.java', { packageName: 'c', imports: [imp('a.b.*')] });
  const r = b.ref(svc, 'Repo', { kind: 'type_of' });
  assert.equal(targetOf(b.resolve(), b, r), repo);
});

test('jvm: types of the same package are visible without an import', () => {
  const b = new ProjectBuilder();
  const f = b.file('src/a/Helper.kt', { packageName: 'a' });
  const helper = b.sym(f, 'Helper', { kind: 'class' });
  const main = b.file('src/a/Main.kt', { packageName: 'a' });
  const r = b.ref(main, 'Helper');
  assert.equal(targetOf(b.resolve(), b, r), helper);
});

test('jvm: Type.staticMethod() through an imported type binds the member', () => {
  const b = new ProjectBuilder();
  const f = b.file('src/a/Util.java', { packageName: 'a' });
  const util = b.sym(f, 'Util', { kind: 'class' });
  const m = b.sym(f, 'parse', { parent: util });
  const main = b.file('src/b/Main.java', { packageName: 'b', imports: [imp('a.Util')] });
  const r = b.ref(main, 'parse', { receiver: 'Util' });
  assert.equal(targetOf(b.resolve(), b, r), m);
});

test('jvm: a call on a type from outside the project (String, Map.Entry) binds to no project method of that name', () => {
  const b = new ProjectBuilder();
  const f = b.file('src/a/JMXServiceURL.java', { packageName: 'a' });
  const url = b.sym(f, 'JMXServiceURL', { kind: 'class' });
  const indexOf = b.sym(f, 'indexOf', { parent: url });
  const repo = b.sym(f, 'Repository', { kind: 'class' });
  b.sym(f, 'getKey', { parent: repo });
  const main = b.file('src/b/Main.java', { packageName: 'b' });
  const onString = b.ref(main, 'indexOf', { receiver: 'String' });
  const onEntry = b.ref(main, 'getKey', { receiver: 'Map.Entry' });
  const onConstant = b.ref(main, 'indexOf', { receiver: 'MH_lookup' });
  const onOwn = b.ref(main, 'indexOf', { receiver: 'JMXServiceURL' });
  const result = b.resolve();
  assert.equal(targetOf(result, b, onString), undefined);
  assert.equal(targetOf(result, b, onEntry), undefined);
  // Not written as a type's name: still matched by name.
  assert.equal(targetOf(result, b, onConstant), indexOf);
  assert.equal(targetOf(result, b, onOwn), indexOf);
});

test('jvm: a type written with its package binds the class of that name in that package, not another package\'s; a package the project does not declare binds nothing', () => {
  const b = new ProjectBuilder();
  const mine = b.file('src/org/acme/admin/GroupResource.java', { packageName: 'org.acme.admin' });
  const group = b.sym(mine, 'GroupResource', { kind: 'class' });
  const other = b.file('src/org/acme/client/GroupResource.java', { packageName: 'org.acme.client' });
  const client = b.sym(other, 'GroupResource', { kind: 'class' });
  const root = b.file('src/org/acme/Root.java', { packageName: 'org.acme', imports: [imp('org.acme.client.GroupResource')] });
  const written = b.ref(root, 'GroupResource', { kind: 'references', receiver: 'org.acme.admin' });
  const imported = b.ref(root, 'GroupResource', { kind: 'references' });
  const outside = b.ref(root, 'List', { kind: 'references', receiver: 'java.util' });
  const result = b.resolve();
  assert.equal(targetOf(result, b, written), group, 'the package written wins over the import');
  assert.equal(targetOf(result, b, imported), client, 'without its package, the import\'s');
  assert.equal(targetOf(result, b, outside), undefined);
});

test('csharp: a type written with its namespace binds the class of that name in that namespace', () => {
  const b = new ProjectBuilder();
  const admin = b.file('Api/Admin/Users.cs', { packageName: 'Acme.Admin' });
  const users = b.sym(admin, 'UsersController', { kind: 'class' });
  const web = b.file('Web/Users.cs', { packageName: 'Acme.Web' });
  b.sym(web, 'UsersController', { kind: 'class' });
  const r = b.ref(b.file('Api/Startup.cs', { packageName: 'Acme' }), 'UsersController', { kind: 'references', receiver: 'Acme.Admin' });
  assert.equal(targetOf(b.resolve(), b, r), users);
});
