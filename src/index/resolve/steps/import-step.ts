import type { ResolveContext, StepOutcome } from '../context.js';
import { CLAIMED, EXTERNAL, bound } from '../context.js';
import { findExport, topLevelIn } from '../exports.js';
import type { Binding, FileScope } from '../file-scope.js';
import { ANY_KIND } from '../kinds.js';
import { traitsOf } from '../languages.js';
import { findMember } from '../members.js';
import type { Receiver } from '../receivers.js';
import type { KindFilter, ResolverRef, ResolverSymbol } from '../types.js';

/** Confidence of a name bound through an explicit import. */
export const IMPORT_CONFIDENCE = 0.95;
/** Confidence of a name seen through a wildcard, an include or the file's own package. */
export const VISIBLE_CONFIDENCE = 0.9;
/** Confidence of a member reached through an imported type (`Foo.bar()` with `Foo` imported). */
export const QUALIFIED_CONFIDENCE = 0.9;

/** What a named import binding refers to. `default` imports fall back to the local name. */
function lookupBinding(ctx: ResolveContext, binding: Binding, local: string, filter: KindFilter): ResolverSymbol | undefined {
  const hit = findExport(ctx, binding.files, binding.imported, filter);
  if (hit !== undefined || binding.imported !== 'default') return hit;
  return findExport(ctx, binding.files, local, filter);
}

/** External when every binding points outside the project (no files, no submodule). */
function stopFor(bindings: readonly Binding[]): StepOutcome {
  return bindings.every((b) => b.files.length === 0 && b.submodule === undefined) ? EXTERNAL : CLAIMED;
}

function bareName(ctx: ResolveContext, scope: FileScope, name: string, filter: KindFilter): StepOutcome | undefined {
  const bindings = scope.named.get(name);
  if (bindings !== undefined) {
    for (const binding of bindings) {
      const hit = lookupBinding(ctx, binding, name, filter);
      if (hit !== undefined) return bound(hit, 'import', IMPORT_CONFIDENCE);
    }
    return stopFor(bindings);
  }
  let hit = scope.visible(name, filter);
  // `from pkg import *` also brings in what `pkg/__init__.py` imported itself, unless the file
  // defines the name: a wildcard never shadows the file's own definition (the same-file step's).
  if (hit === undefined && scope.family === 'python' && topLevelIn(ctx, [scope.fileId], name, filter) === undefined) {
    for (const imp of scope.wildcards) {
      hit = findExport(ctx, imp.files, name, filter);
      if (hit !== undefined) break;
    }
  }
  if (hit === undefined) return undefined;
  return hit.fileId === scope.fileId ? bound(hit, 'same-file', 0.8) : bound(hit, 'import', VISIBLE_CONFIDENCE);
}

/** Where the receiver's first segments lead: a module (files) or a symbol, and how many segments that took. */
interface ChainStart {
  files?: readonly number[];
  symbol?: ResolverSymbol;
  used: number;
  fromImport: boolean;
}

function segmentCount(key: string): number {
  let n = 1;
  for (let i = 0; i < key.length; i++) if (key.charCodeAt(i) === 46) n++;
  return n;
}

function startChain(ctx: ResolveContext, scope: FileScope, ref: ResolverRef, receiver: Receiver): ChainStart | StepOutcome | undefined {
  const text = receiver.path;
  for (const d of scope.dotted) {
    if (text === d.key || (text.startsWith(d.key) && text.charCodeAt(d.key.length) === 46)) {
      return { files: d.files, used: segmentCount(d.key), fromImport: true };
    }
  }
  const first = receiver.segments[0] ?? '';
  const ns = scope.namespaces.get(first);
  if (ns !== undefined) return { files: ns, used: 1, fromImport: true };
  const bindings = scope.named.get(first);
  if (bindings !== undefined) {
    for (const binding of bindings) {
      if (binding.submodule !== undefined) return { files: [binding.submodule], used: 1, fromImport: true };
      const symbol = lookupBinding(ctx, binding, first, ANY_KIND);
      if (symbol !== undefined) return { symbol, used: 1, fromImport: true };
    }
    const stop = stopFor(bindings);
    // Imported from a project module that shows no such name: where macros may make it, the
    // name is looked up as a type's by the later steps instead (FamilyTraits.macroExports).
    return stop === CLAIMED && traitsOf(scope.family).macroExports === true ? undefined : stop;
  }
  const file = ctx.project.file(ref.fileId);
  const viaPath = file === undefined ? undefined : ctx.imports.resolverOf(ref.fileId)?.pathModule?.(file, receiver.segments, ctx.project, receiver.text);
  if (viaPath !== undefined) return { files: viaPath, used: receiver.segments.length, fromImport: false };
  // A module this file declares without a body (Rust's `mod utf8;`) keeps its items in its own
  // file: `utf8::encode(v)` looks there. Asked only of languages with child modules.
  const resolver = ctx.imports.resolverOf(ref.fileId);
  if (resolver?.submodule !== undefined && ctx.project.topLevel(ref.fileId, first).some((s) => s.kind === 'module')) {
    const sub = resolver.submodule(ref.fileId, first, ctx.project);
    if (sub !== undefined) return { files: [sub], used: 1, fromImport: false };
  }
  const symbol = scope.visible(first, ANY_KIND);
  if (symbol !== undefined) return { symbol, used: 1, fromImport: false };
  return undefined;
}

function receiverChain(ctx: ResolveContext, scope: FileScope, ref: ResolverRef, receiver: Receiver, filter: KindFilter): StepOutcome | undefined {
  const start = startChain(ctx, scope, ref, receiver);
  if (start === undefined || !('used' in start)) return start;
  if (start.files !== undefined && start.files.length === 0) return EXTERNAL;
  const lost = start.fromImport ? CLAIMED : undefined;
  let files = start.files;
  let symbol = start.symbol;
  for (let i = start.used; i < receiver.segments.length; i++) {
    const seg = receiver.segments[i] ?? '';
    if (symbol !== undefined) {
      symbol = findMember(ctx, symbol, seg, ANY_KIND);
      if (symbol === undefined) return lost;
    } else if (files !== undefined) {
      symbol = findExport(ctx, files, seg, ANY_KIND);
      // A module declared without a body (Rust's `pub mod size_hint;`) keeps its items in its own file.
      if (symbol === undefined || symbol.kind === 'module') {
        const first = files[0];
        const sub = first === undefined ? undefined : ctx.imports.resolverOf(first)?.submodule?.(first, seg, ctx.project);
        if (sub !== undefined) {
          files = [sub];
          symbol = undefined;
        } else if (symbol === undefined) {
          return lost;
        }
      }
    }
  }
  if (symbol !== undefined) {
    const member = findMember(ctx, symbol, ref.name, filter);
    return member === undefined ? lost : bound(member, 'qualified', QUALIFIED_CONFIDENCE);
  }
  const hit = files === undefined ? undefined : findExport(ctx, files, ref.name, filter);
  return hit === undefined ? lost : bound(hit, 'import', IMPORT_CONFIDENCE);
}

/**
 * Step 1: the name, or the receiver's first segment, is bound by the file's imports (or visible
 * through a wildcard, an include or the file's package). Stops with `external` when the binding
 * leads outside the project, so `os.path.join` never matches a project `join`.
 */
export function importStep(
  ctx: ResolveContext, scope: FileScope, ref: ResolverRef, receiver: Receiver | undefined, filter: KindFilter,
): StepOutcome | undefined {
  if (receiver === undefined) return bareName(ctx, scope, ref.name, filter);
  if (receiver.kind !== 'path') return undefined;
  return receiverChain(ctx, scope, ref, receiver, filter);
}
