import type { ResolveContext } from './context.js';
import { MAX_DEPTH } from './context.js';
import { isCallable, isClassLike } from './kinds.js';
import { isTypeParameterName, traitsOf } from './languages.js';
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
export function siblingFiles(ctx: ResolveContext, fileId: number): readonly number[] {
  // Go methods may sit in any file of the package; Rust impl blocks usually share the file.
  if (ctx.project.family(fileId) === 'go') {
    const key = ctx.project.packageKey(fileId);
    if (key !== undefined) return ctx.project.filesInPackage(key);
  }
  return [fileId];
}

/**
 * The one Rust type qualified `qualifiedName` when the project defines just one type of that
 * name: an impl block in another file of the crate (tokio's `impl RawTask` in task/harness.rs for
 * the struct in task/raw.rs) can then only mean it. Several types of one name (`Inner`, `State`)
 * keep their impl blocks to their own file.
 */
function soleRustType(ctx: ResolveContext, typeName: string, qualifiedName: string): ResolverSymbol | undefined {
  let found: ResolverSymbol | undefined;
  for (const t of ctx.project.named(typeName)) {
    if (!isClassLike(t.kind) || ctx.project.family(t.fileId) !== 'rust') continue;
    if (found !== undefined || t.qualifiedName !== qualifiedName) return undefined;
    found = t;
  }
  return found;
}

/** Member `name` of the Rust type `owner` from an impl block in another file (`soleRustType`). */
function implItemElsewhere(ctx: ResolveContext, owner: ResolverSymbol, name: string, filter: KindFilter): ResolverSymbol | undefined {
  if (ctx.project.family(owner.fileId) !== 'rust' || soleRustType(ctx, owner.name, owner.qualifiedName) !== owner) return undefined;
  let item: ResolverSymbol | undefined;
  for (const s of ctx.project.named(name)) {
    if (s.parentId !== null || s.fileId === owner.fileId || !filter(s.kind) || ctx.project.family(s.fileId) !== 'rust') continue;
    if (!isQualifiedAs(s.qualifiedName, owner.qualifiedName, name)) continue;
    // Two blocks of one name (two traits' `fmt`) leave the choice to the next steps.
    if (item !== undefined) return undefined;
    item = s;
  }
  return item;
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
  const elsewhere = implItemElsewhere(ctx, owner, name, filter);
  if (elsewhere !== undefined) return elsewhere;
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
 * qualified name `Type.method`, in its own file (its package in Go; in Rust also the one type of
 * that name elsewhere, `soleRustType`).
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
      return ctx.project.family(symbol.fileId) === 'rust' ? soleRustType(ctx, typeName, prefix) : undefined;
    }
    symbol = ctx.project.symbol(symbol.parentId);
  }
  return undefined;
}

/** What a Rust impl block's name (`impl Display for Point`, as the extractor writes it) says. */
export interface ImplHeader {
  /** The trait it implements; undefined for an inherent block (`impl Point`). */
  readonly trait: string | undefined;
  /** The type's name (`Point`). */
  readonly typeName: string;
  /** The qualified name the block's items carry before their own (`shapes.Point`). */
  readonly owner: string;
}

/** Reads an impl block's trait, type and items' qualifier from its name. */
export function implHeader(impl: ResolverSymbol): ImplHeader {
  const forAt = impl.name.lastIndexOf(' for ');
  const typeName = impl.name.slice(forAt >= 0 ? forAt + 5 : 'impl '.length);
  const trait = forAt >= 0 ? impl.name.slice('impl '.length, forAt) : undefined;
  return { trait, typeName, owner: `${impl.qualifiedName.slice(0, impl.qualifiedName.length - impl.name.length)}${typeName}` };
}

/**
 * A Rust impl block for a type outside the project, that type's qualified name (`Vec`), and the
 * ids its items lie between (after `impl.id`, before `end`).
 */
export interface ForeignImpl {
  readonly impl: ResolverSymbol;
  readonly owner: string;
  readonly end: number;
  /**
   * False when the type may hand `self`'s calls on to a value it wraps: a type parameter (`T` in
   * `impl<T: Input> Input for &T`, whose bounds are not recorded) or a pointer that dereferences
   * to its contents (`Arc<Handle>`). True for a concrete type (`Vec<u8>`, `[u8]`, `Formatter`).
   */
  readonly concrete: boolean;
}

/**
 * The Rust impl block that `fromId` is written in, when the block's type is defined nowhere in
 * the project (`impl BufMut for Vec<u8>`): its `self` has no project type to search, only the
 * block's own items and the traits it implements. Impl blocks are no scope for resolution, so
 * the block is the nearest one before `fromId` in its file whose type qualifies `fromId`'s name.
 */
export function foreignImpl(ctx: ResolveContext, fromId: number): ForeignImpl | undefined {
  const from = ctx.project.symbol(fromId);
  if (from === undefined || ctx.project.family(from.fileId) !== 'rust') return undefined;
  const symbols = ctx.project.symbolsOf(from.fileId);
  let lo = 0;
  let hi = symbols.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (symbols[mid]!.id < fromId) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo - 1; i >= 0; i--) {
    const impl = symbols[i]!;
    if (impl.kind !== 'impl') continue;
    const { typeName, owner } = implHeader(impl);
    if (!from.qualifiedName.startsWith(`${owner}.`)) return undefined;
    const defined = ctx.project.named(typeName).some((s) => isClassLike(s.kind) && ctx.project.family(s.fileId) === 'rust');
    if (defined) return undefined;
    let j = i + 1;
    while (j < symbols.length && symbols[j]!.kind !== 'impl' && symbols[j]!.qualifiedName.startsWith(`${owner}.`)) j++;
    const concrete = traitsOf('rust').derefWrappers?.has(typeName) !== true && !isTypeParameterName(typeName);
    return { impl, owner, end: symbols[j]?.id ?? Number.MAX_SAFE_INTEGER, concrete };
  }
  return undefined;
}

/**
 * An item of the block `found` (`Self::SerializeMap` in `impl Serializer for &mut Formatter`)
 * other than `caller`: a method calling its own name on `self` there delegates to the value it
 * wraps (`(**self).len()` in `impl<T: Input> Input for &T`), it does not recurse. Only this block:
 * two blocks for `&mut A` in one file implement different traits.
 */
export function foreignImplItem(ctx: ResolveContext, found: ForeignImpl, name: string, filter: KindFilter, caller: number): ResolverSymbol | undefined {
  for (const s of ctx.project.topLevel(found.impl.fileId, name)) {
    if (s.id > found.impl.id && s.id < found.end && s.id !== caller && filter(s.kind) && isQualifiedAs(s.qualifiedName, found.owner, name)) return s;
  }
  return undefined;
}

/** The symbol an inheritance reference from `fromId` gives a base to: an impl block itself, else the enclosing type. */
export function inheritingOwner(ctx: ResolveContext, fromId: number): ResolverSymbol | undefined {
  const from = ctx.project.symbol(fromId);
  return from?.kind === 'impl' ? from : enclosingType(ctx, fromId);
}
