import type { ResolveContext } from './context.js';
import { MAX_DEPTH } from './context.js';
import { isCallable, isClassLike } from './kinds.js';
import type { NodeKind } from '../../model.js';
import type { KindFilter, ResolverSymbol } from './types.js';

/** True when `qn` is exactly `prefix.name`, without building the string. */
export function isQualifiedAs(qn: string, prefix: string, name: string): boolean {
  return qn.length === prefix.length + 1 + name.length
    && qn.charCodeAt(prefix.length) === 46
    && qn.startsWith(prefix)
    && qn.endsWith(name);
}

/** Files where members of a type declared in `fileId` may be declared outside its body. */
function siblingFiles(ctx: ResolveContext, fileId: number): readonly number[] {
  // Go methods may sit in any file of the package; Rust impl blocks usually share the file.
  if (ctx.project.family(fileId) === 'go') {
    const key = ctx.project.packageKey(fileId);
    if (key !== undefined) return ctx.project.filesInPackage(key);
  }
  return [fileId];
}

/**
 * Member `name` of type `owner`: declared in its body, declared outside it with the qualified name
 * `Owner.name` (Go receivers, Rust impl blocks), else inherited from its resolved bases. Where a
 * field and a method share the name (Java's `method` field and `method()`), the method.
 */
export function findMember(
  ctx: ResolveContext, owner: ResolverSymbol, name: string, filter: KindFilter,
  depth = 0, seen?: Set<number>,
): ResolverSymbol | undefined {
  let declared: ResolverSymbol | undefined;
  for (const m of ctx.project.members(owner, name)) {
    if (!filter(m.kind)) continue;
    if (isCallable(m.kind)) return m;
    declared ??= m;
  }
  if (declared !== undefined) return declared;
  for (const file of siblingFiles(ctx, owner.fileId)) {
    for (const s of ctx.project.topLevel(file, name)) {
      if (filter(s.kind) && isQualifiedAs(s.qualifiedName, owner.qualifiedName, name)) return s;
    }
  }
  const bases = ctx.bases.get(owner.id);
  if (bases === undefined || depth >= MAX_DEPTH) return undefined;
  seen ??= new Set();
  seen.add(owner.id);
  for (const base of bases) {
    if (seen.has(base.id)) continue;
    const hit = findMember(ctx, base, name, filter, depth + 1, seen);
    if (hit !== undefined) return hit;
  }
  return undefined;
}

/**
 * JavaScript objects built without a class: a module-level variable or constant holding the
 * prototype that methods are assigned onto (`res.json = function …`, `const api = { get() {} }`).
 */
const JS_OBJECT_KINDS: ReadonlySet<NodeKind> = new Set(['variable', 'constant']);

/** True when `symbol` is what `this` means inside its members. */
function isOwner(ctx: ResolveContext, symbol: ResolverSymbol, viaQualifiedName: boolean): boolean {
  if (isClassLike(symbol.kind)) return true;
  if (ctx.project.family(symbol.fileId) !== 'js') return false;
  // A function only owns what is assigned onto it (`app.handle = …`), never what is nested in it.
  return JS_OBJECT_KINDS.has(symbol.kind) || (viaQualifiedName && symbol.kind === 'function');
}

/**
 * The class-like symbol enclosing `fromId` (itself included). A method declared outside its type
 * (Go, Rust impl, JavaScript `X.prototype.m = …` and `obj.m = …`) finds the type through its
 * qualified name `Type.method`.
 */
export function enclosingType(ctx: ResolveContext, fromId: number): ResolverSymbol | undefined {
  let symbol = ctx.project.symbol(fromId);
  for (let guard = 0; symbol !== undefined && guard < 64; guard++) {
    // A variable's own initializer is not one of its members.
    if (isClassLike(symbol.kind) || (symbol.id !== fromId && isOwner(ctx, symbol, false))) return symbol;
    if (symbol.parentId === null) {
      const qn = symbol.qualifiedName;
      const dot = qn.lastIndexOf('.');
      if (dot <= 0) return undefined;
      const prefix = qn.slice(0, dot);
      const typeName = prefix.slice(prefix.lastIndexOf('.') + 1);
      for (const file of siblingFiles(ctx, symbol.fileId)) {
        for (const t of ctx.project.topLevel(file, typeName)) {
          if (t.qualifiedName === prefix && isOwner(ctx, t, true)) return t;
        }
      }
      return undefined;
    }
    symbol = ctx.project.symbol(symbol.parentId);
  }
  return undefined;
}
