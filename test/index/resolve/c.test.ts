import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ProjectBuilder, edgeOf, imp, nodeOf, targetOf } from './builders.js';

test('c: a quoted include resolves relative to the including file', () => {
  const b = new ProjectBuilder();
  const h = b.file('drivers/net/eth.h');
  const f = b.sym(h, 'eth_init');
  const c = b.file('drivers/net/eth.c', { imports: [imp('eth.h')] });
  const r = b.ref(c, 'eth_init');
  const result = b.resolve();
  assert.equal(targetOf(result, b, r), f);
  assert.equal(edgeOf(result, b, r)?.method, 'import');
  assert.deepEqual([...result.edges].filter((e) => e.kind === 'imports').map((e) => e.target), [nodeOf(h)]);
});

test('c: an include path resolves by its unique path suffix', () => {
  const b = new ProjectBuilder();
  const h = b.file('include/linux/list.h');
  const f = b.sym(h, 'list_add');
  const c = b.file('kernel/sched.c', { imports: [imp('linux/list.h')] });
  const r = b.ref(c, 'list_add');
  assert.equal(targetOf(b.resolve(), b, r), f);
});

test('c: an ambiguous include suffix stays unresolved', () => {
  const b = new ProjectBuilder();
  b.file('arch/x86/include/asm/io.h');
  b.file('arch/arm/include/asm/io.h');
  b.file('kernel/io.c', { imports: [imp('asm/io.h')] });
  assert.equal(b.resolve().stats.importEdges, 0);
});

test('c: symbols of transitively included headers are visible', () => {
  const b = new ProjectBuilder();
  const base = b.file('inc/base.h');
  const f = b.sym(base, 'kmalloc');
  b.file('inc/mid.h', { imports: [imp('base.h')] });
  const c = b.file('mm/slab.c', { imports: [imp('../inc/mid.h')] });
  const r = b.ref(c, 'kmalloc');
  assert.equal(targetOf(b.resolve(), b, r), f);
});

test('c: a static function of another directory is never a name match', () => {
  const b = new ProjectBuilder();
  const other = b.file('fs/ext4/inode.c');
  b.sym(other, 'probe', { exported: false });
  const c = b.file('drivers/usb/core.c');
  const r = b.ref(c, 'probe');
  assert.deepEqual(b.resolve().unresolved, [r]);
});

test('c: a call on a pointer of unknown type does not prefer the referencing file\'s own same-named function', () => {
  const b = new ProjectBuilder();
  // The file's own `func`s are a field and a callable: the same-file step cannot tell them apart.
  const own = b.file('src/shared/bap.c');
  b.sym(own, 'func', { kind: 'field', qualifiedName: 'bt_bap_req.func' });
  b.sym(own, 'func', { kind: 'method', qualifiedName: 'ascs_op_handler.func' });
  const other = b.file('src/shared/vcp.c');
  b.sym(other, 'func', { kind: 'method', qualifiedName: 'vcp_handler.func' });
  const r = b.ref(own, 'func', { receiver: 'req' });
  assert.equal(targetOf(b.resolve(), b, r), undefined);
});
