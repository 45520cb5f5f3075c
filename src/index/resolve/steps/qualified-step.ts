import type { ResolveContext, StepOutcome } from '../context.js';
import { AMBIGUOUS, CLAIMED, bound } from '../context.js';
import type { FileScope } from '../file-scope.js';
import { targetFilter } from '../kinds.js';
import { packageKeyOf } from '../project-index.js';
import { namesTypeByCase, traitsOf } from '../languages.js';
import { findMember } from '../members.js';
import type { Receiver } from '../receivers.js';
import type { KindFilter, ResolverRef, ResolverSymbol } from '../types.js';
import { closest } from './proximity.js';

/** Owners a qualified reference can go through: types, modules, namespaces. */
const TYPE_LIKE = targetFilter('type_of', false);
/** What a receiver's name may stand for in the project: a type, or a constant or variable holding a value. */
const NAMED_VALUE: KindFilter = (kind) => TYPE_LIKE(kind) || kind === 'constant' || kind === 'variable' || kind === 'field' || kind === 'property';

/**
 * Step 2: a receiver that names a type or module (`Foo.bar()`, `Foo::new()`, `pkg.Type.m()`)
 * binds to member `bar` of a symbol named `Foo` (its last segment), the nearest one when several
 * types share the name. Looking owners up by name keeps this cheap for receivers that are plain
 * variables (`obj.get()`), which name no symbol at all. A receiver that is one of the family's
 * builtin types (`list` for `parts = []; parts.append(…)`), or where the family's naming says so
 * a type's name (`String`, `File`, `Vec`), binds to nothing unless the project has a type of that
 * name (`FamilyTraits.typeCaseReceivers`).
 */
export function qualifiedStep(
  ctx: ResolveContext, scope: FileScope, ref: ResolverRef, receiver: Receiver | undefined, filter: KindFilter,
): StepOutcome | undefined {
  if (receiver === undefined || receiver.kind !== 'path') return undefined;
  const packaged = inPackage(ctx, scope, ref, receiver.segments, filter);
  if (packaged !== undefined) return packaged;
  const ownerName = receiver.segments[receiver.segments.length - 1];
  if (ownerName === undefined) return undefined;
  const { project } = ctx;
  const owners = project.named(ownerName);
  const traits = traitsOf(scope.family);
  const outside = (kinds: KindFilter): boolean => !owners.some((o) => kinds(o.kind) && project.family(o.fileId) === scope.family);
  // A builtin type's method (`str.join`, `list.append`) when no project class has that name.
  if (receiver.segments.length === 1 && traits.builtinTypes?.has(ownerName) === true && outside(TYPE_LIKE)) return CLAIMED;
  // A type from outside the project, named as types are (`String.indexOf`, `File.basename`), when
  // nothing of the project has that name (a Ruby constant holding an instance, `Reference.clear!`).
  if (namesTypeByCase(traits, ownerName) && outside(NAMED_VALUE)) return CLAIMED;
  // Many same-named symbols means the receiver is a common variable name (`data`, `ctx`), not a type.
  if (owners.length === 0 || owners.length > ctx.maxCandidates * 4) return undefined;
  const matches: ResolverSymbol[] = [];
  for (const owner of owners) {
    if (!TYPE_LIKE(owner.kind) || project.family(owner.fileId) !== scope.family) continue;
    const member = findMember(ctx, owner, ref.name, filter);
    if (member !== undefined && !matches.includes(member)) matches.push(member);
  }
  if (matches.length === 0) return undefined;
  if (matches.length === 1 && matches[0] !== undefined) return bound(matches[0], 'qualified', 0.9);
  const pick = closest(ctx, ref.fileId, matches, true);
  return pick === undefined ? AMBIGUOUS : bound(pick.target, 'qualified', 0.8);
}

/** Families whose references may name a type with its package (`org.acme.admin.GroupResource`, `Acme.Admin.GroupResource`). */
const PACKAGE_QUALIFIED: ReadonlySet<string> = new Set(['jvm', 'csharp']);

/**
 * A name written with its package or namespace (`org.acme.admin.GroupResource`, as a return type
 * or a `new`): the top-level definition of that name in the project's files of that package. A
 * receiver that is no package of the project is left to the owner lookup.
 */
function inPackage(ctx: ResolveContext, scope: FileScope, ref: ResolverRef, segments: readonly string[], filter: KindFilter): StepOutcome | undefined {
  if (!PACKAGE_QUALIFIED.has(scope.family) || segments.length === 0) return undefined;
  const key = packageKeyOf(scope.family, '', segments.join('.'));
  const files = key === undefined ? [] : ctx.project.filesInPackage(key);
  const matches: ResolverSymbol[] = [];
  for (const file of files) for (const s of ctx.project.topLevel(file, ref.name)) if (filter(s.kind)) matches.push(s);
  if (matches.length === 0) return undefined;
  if (matches.length === 1 && matches[0] !== undefined) return bound(matches[0], 'qualified', 0.95);
  const pick = closest(ctx, ref.fileId, matches, true);
  return pick === undefined ? AMBIGUOUS : bound(pick.target, 'qualified', 0.9);
}
