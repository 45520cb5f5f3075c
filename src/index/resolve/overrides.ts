/**
 * `overrides` edges: a method of a class to the method of the same name it replaces in the
 * class's resolved bases (an interface's declaration, an abstract method, a base class's body).
 * A call through the interface (`client.send(…)` typed as the interface) binds the declaration;
 * this edge is how the graph reaches the bodies that run.
 */
import type { EdgeTable } from '../../store/columnar.js';
import type { ResolveContext } from './context.js';
import { targetFilter } from './kinds.js';
import { findMember, implHeader, type ImplHeader } from './members.js';
import type { KindFilter } from './types.js';
import type { NodeKind, ResolverSymbol } from '../../model.js';

/**
 * Confidence of an `overrides` edge: the member is found through the class's resolved bases, as
 * a typed receiver's member is (the receiver step's 0.85).
 */
const OVERRIDE_CONFIDENCE = 0.85;

/** Kinds that replace a base's member of the same name; constructors do not. */
const OVERRIDING: ReadonlySet<NodeKind> = new Set(['method', 'function']);

/**
 * Adds one `overrides` edge for each method declared in the body of a class with resolved bases
 * (in `emitFiles`, or every file) that some base declares or inherits under the same name: to the
 * nearest such declaration, the first base listed first. Deterministic: classes in the order
 * their bases were found, methods in file order.
 */
export function overrideEdges(ctx: ResolveContext, edges: EdgeTable, emitFiles: ReadonlySet<number> | undefined): void {
  const filter = targetFilter('overrides', false);
  const ownersByFile = new Map<number, Set<number>>();
  for (const ownerId of ctx.bases.keys()) {
    const owner = ctx.project.symbol(ownerId);
    if (owner === undefined || (emitFiles !== undefined && !emitFiles.has(owner.fileId))) continue;
    let owners = ownersByFile.get(owner.fileId);
    if (owners === undefined) ownersByFile.set(owner.fileId, (owners = new Set()));
    owners.add(owner.id);
  }
  for (const [fileId, owners] of ownersByFile) {
    for (const method of ctx.project.symbolsOf(fileId)) {
      if (method.parentId === null || !owners.has(method.parentId) || !OVERRIDING.has(method.kind)) continue;
      const replaced = replacedMember(ctx, method, method.parentId, filter);
      if (replaced === undefined) continue;
      edges.push({
        source: method.id, target: replaced.id, kind: 'overrides', line: 0, col: 0, confidence: OVERRIDE_CONFIDENCE, method: 'receiver',
      });
    }
  }
  traitImplEdges(ctx, edges, emitFiles, filter);
}

/**
 * Rust: the items of an `impl Trait for Type` block are the trait's, whose declarations a call
 * through `dyn Trait` or a generic bound binds; each gets an `overrides` edge to the trait's item
 * of its name. The block's trait is the one of the type's (or the block's) resolved bases that
 * the block names; an inherent `impl Type` block overrides nothing. A block's items follow it in
 * its file, qualified by its type (`Square.area`).
 */
function traitImplEdges(ctx: ResolveContext, edges: EdgeTable, emitFiles: ReadonlySet<number> | undefined, filter: KindFilter): void {
  const { project } = ctx;
  for (const fileId of emitFiles ?? project.files.map((f) => f.id)) {
    if (project.family(fileId) !== 'rust') continue;
    let prefix = '';
    let trait: ResolverSymbol | undefined;
    for (const symbol of project.symbolsOf(fileId)) {
      if (symbol.kind === 'impl') {
        const header = implHeader(symbol);
        prefix = `${header.owner}.`;
        trait = header.trait === undefined ? undefined : implTrait(ctx, symbol, header);
        continue;
      }
      if (symbol.parentId !== null) continue;
      if (!symbol.qualifiedName.startsWith(prefix)) trait = undefined;
      if (trait === undefined || !OVERRIDING.has(symbol.kind)) continue;
      const declared = findMember(ctx, trait, symbol.name, filter);
      if (declared === undefined || declared.id === symbol.id) continue;
      edges.push({
        source: symbol.id, target: declared.id, kind: 'overrides', line: 0, col: 0, confidence: OVERRIDE_CONFIDENCE, method: 'receiver',
      });
    }
  }
}

/** The trait an `impl Trait for Type` block implements, among the resolved bases of the block or of its type. */
function implTrait(ctx: ResolveContext, impl: ResolverSymbol, header: ImplHeader): ResolverSymbol | undefined {
  const types = ctx.project.named(header.typeName).filter((s) => s.fileId === impl.fileId && s.kind !== 'impl' && s.qualifiedName === header.owner);
  for (const owner of [impl, ...types]) {
    const trait = ctx.bases.get(owner.id)?.find((b) => b.name === header.trait);
    if (trait !== undefined) return trait;
  }
  return undefined;
}

/** The member `method` replaces: the first of its class's bases that declares or inherits the name. */
function replacedMember(
  ctx: ResolveContext, method: ResolverSymbol, ownerId: number, filter: KindFilter,
): ResolverSymbol | undefined {
  for (const base of ctx.bases.get(ownerId) ?? []) {
    const hit = findMember(ctx, base, method.name, filter, 0, new Set([ownerId]));
    if (hit !== undefined && hit.id !== method.id) return hit;
  }
  return undefined;
}
