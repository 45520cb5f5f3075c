import type { ResolveContext, StepOutcome } from '../context.js';
import { AMBIGUOUS, bound } from '../context.js';
import type { FileScope } from '../file-scope.js';
import { targetFilter } from '../kinds.js';
import { traitsOf } from '../languages.js';
import { isScopedLocal } from '../locals.js';
import { overloadKey } from '../overloads.js';
import type { Receiver } from '../receivers.js';
import { outerInstanceType } from '../receivers.js';
import type { ResolverRef, ResolverSymbol } from '../types.js';
import { callerOwnName } from './delegation.js';
import { closest } from './proximity.js';

const TIER_CONFIDENCE = [0.4, 0.5, 0.6, 0.7] as const;

/** A member of a type (nested, or a Go/Rust method qualified `Type.method`). */
function isMember(s: ResolverSymbol): boolean {
  return s.parentId !== null || s.qualifiedName !== s.name;
}

/** The last segment of the type qualifying `s` (`Handle` for `time.Handle.is_shutdown`). */
function ownerName(s: ResolverSymbol): string {
  const prefix = s.qualifiedName.slice(0, Math.max(0, s.qualifiedName.length - s.name.length - 1));
  return prefix.slice(prefix.lastIndexOf('.') + 1);
}

/**
 * The type a call on the enclosing instance means, by name: the one written (`Monitor` in Java's
 * `Monitor.this.isActive()`), else the caller's own type (`app` for `this.set()` in `app.enable`;
 * `Handle` for `self.is_shutdown()` in a Rust `impl Handle` when several types are named `Handle`).
 */
function instanceTypeName(ctx: ResolveContext, ref: ResolverRef, receiver: Receiver): string | undefined {
  if (receiver.kind !== 'self') return outerInstanceType(receiver);
  const caller = ctx.project.symbol(ref.fromId);
  return caller === undefined ? undefined : ownerName(caller) || undefined;
}

/**
 * The candidates of a call on the enclosing instance that belong to a type of the instance's
 * name, when there are any. Nearness alone would pick the caller's file's other type (tokio's
 * `self.is_shutdown()` in `impl Handle` is not the same file's `Inner::is_shutdown`).
 */
function ofInstanceType(
  ctx: ResolveContext, ref: ResolverRef, receiver: Receiver | undefined, candidates: readonly ResolverSymbol[],
): readonly ResolverSymbol[] | undefined {
  const typeName = receiver === undefined ? undefined : instanceTypeName(ctx, ref, receiver);
  if (typeName === undefined) return undefined;
  const owned = candidates.filter((c) => ownerName(c) === typeName);
  return owned.length === 0 ? undefined : owned;
}

/**
 * Step 5: the exact name anywhere in the project, same language family only, ranked by proximity.
 * Refuses when more than `maxCandidates` remain or when no candidate is clearly closest; never
 * binds more than one target. Bare names keep to the file's module (Python, ES modules) or package
 * (Go) where the language says a bare name cannot come from anywhere else; a call on an object
 * never binds to a function local to another's body that does not escape as a property
 * (`locals.ts`); a call through another object to the caller's own name never binds to the
 * caller's own (`delegation.ts`); a call named like a method of the language's builtin types is
 * left unbound (`FamilyTraits.builtinMethods`).
 */
export function nameStep(ctx: ResolveContext, scope: FileScope, ref: ResolverRef, receiver: Receiver | undefined): StepOutcome | undefined {
  const { project } = ctx;
  const traits = traitsOf(scope.family);
  const bare = receiver === undefined;
  if (bare && traits.bareNames === 'module' && (scope.family !== 'js' || scope.hasImports)) return undefined;
  // `rows.append()` on a value of no known type: most likely the builtin's method (languages.ts).
  if (!bare && traits.builtinMethods?.has(ref.name) === true) return undefined;
  const filter = targetFilter(ref.kind, true);
  const fromDir = project.dir(ref.fileId);
  const ownPackage = project.packageKey(ref.fileId);
  const fromTest = project.file(ref.fileId)?.isTest === true;
  let candidates: ResolverSymbol[] = [];
  const overloadSets = new Map<string, number>();
  let members = 0;
  const own = callerOwnName(ctx, ref, receiver);
  for (const s of project.named(ref.name)) {
    if (!filter(s.kind) || project.family(s.fileId) !== scope.family || own?.(s) === true) continue;
    const member = isMember(s);
    // A bare call never means some other class's method; an implicit `this` was tried already.
    if (bare && member) continue;
    // A call on an object never means a function local to another's body that does not escape as
    // a property; such a local still makes its name a common one, too common to guess among
    // (SQLAlchemy's hundreds of nested `process` functions: `compiler.process()` is none of the few
    // methods left).
    if (!bare && !s.exported && isScopedLocal(project, s)) {
      if (++members > ctx.maxCandidates) return AMBIGUOUS;
      continue;
    }
    if (bare && traits.bareNames === 'package' && project.packageKey(s.fileId) !== ownPackage) continue;
    if (!member && traits.enforcesExport && !s.exported && s.fileId !== ref.fileId && project.dir(s.fileId) !== fromDir) continue;
    // Production code does not call into tests.
    if (!fromTest && s.fileId !== ref.fileId && project.file(s.fileId)?.isTest === true) continue;
    // One overloaded method counts once, wherever its overloads sit; it is exported when any is.
    const key = overloadKey(project, s);
    if (key !== undefined) {
      const at = overloadSets.get(key);
      if (at !== undefined) {
        const first = candidates[at];
        if (s.exported && first !== undefined && !first.exported) candidates[at] = { ...first, exported: true };
        continue;
      }
      overloadSets.set(key, candidates.length);
    }
    candidates.push(s);
    if (member) members++;
    // Stop scanning once refusal is certain: `get` may have thousands of definitions.
    if (bare ? candidates.length > ctx.maxCandidates : members > ctx.maxCandidates) return AMBIGUOUS;
  }
  // `x.save()` is a member call: it never means a free function `save` (`console.log()` is not
  // a call of some module's own `log`). Module-qualified calls were bound by the import step.
  if (!bare) candidates = candidates.filter(isMember);
  if (candidates.length === 0) return undefined;
  if (candidates.length > ctx.maxCandidates) return AMBIGUOUS;
  // Of equals, the file's own definition wins only among the instance's type's: a call on a value
  // of unknown type (`req->func`) may mean any same-named field (bluez: 8 of 10 wrong).
  const owned = ofInstanceType(ctx, ref, receiver, candidates);
  const pick = owned === undefined ? closest(ctx, ref.fileId, candidates, false) : closest(ctx, ref.fileId, owned, true);
  if (pick === undefined) return AMBIGUOUS;
  const base = TIER_CONFIDENCE[pick.tier as 0 | 1 | 2 | 3];
  const confidence = Math.max(0.3, base - 0.05 * (candidates.length - 1));
  return bound(pick.target, 'name', Math.round(confidence * 100) / 100);
}
