/**
 * A call on what another call returned: `makeClient().send()`, `c.send()` after
 * `c = makeClient()`, `client.request().uri()`. The inner call is resolved as any call is; the
 * type its target returns (`ResolverSymbol.returns`, written in the target's file) is then looked
 * up from the target's file, through its imports first, so a type imported from outside the
 * project binds nothing and a project type of the same name elsewhere is not taken for it. A
 * call of a class (`Client()`) returns the class. Chains go up to `MAX_CALLS` calls deep.
 */
import type { ResolveContext, StepOutcome } from '../context.js';
import { CLAIMED, bound } from '../context.js';
import { FileScope } from '../file-scope.js';
import { targetFilter } from '../kinds.js';
import { findMember } from '../members.js';
import type { Receiver, ReceiverCache } from '../receivers.js';
import type { KindFilter, ResolverRef, ResolverSymbol } from '../types.js';
import { importStep } from './import-step.js';
import { qualifiedStep } from './qualified-step.js';

/** Resolves one reference as the whole pipeline does, in `scope`. */
export type ResolveRef = (scope: FileScope, ref: ResolverRef) => StepOutcome | undefined;

/** Calls a receiver may chain (`a().b().c()` is three). */
export const MAX_CALLS = 3;

/** Confidence of a member found on a call's typed result. */
const RESULT_CONFIDENCE = 0.85;

/**
 * The confidence below which a method call's binding is a guess: the name step's (at most 0.7)
 * and the same file's only member of a name called on an unknown receiver (0.6); every binding
 * by an import, a qualified name, a receiver or an enclosing scope has at least this.
 */
const SURE = 0.8;

/** Scopes of the files whose return types were looked up, dropped when there are this many. */
const MAX_SCOPES = 64;

const TYPES = targetFilter('type_of', false);

/** The inner call of a receiver written as a call (`c.request()` -> `request` on `c`); undefined for other receivers. */
function innerCall(text: string): { name: string; receiver: string | undefined } | undefined {
  if (!text.endsWith('()')) return undefined;
  let calls = 0;
  for (let i = text.indexOf('()'); i >= 0; i = text.indexOf('()', i + 2)) calls++;
  if (calls > MAX_CALLS) return undefined;
  const callee = text.slice(0, -2);
  const match = /^(.*?)(?:\.|::|->|\\)?([\w$]+)$/.exec(callee);
  if (match === null) return undefined;
  const receiver = match[1] ?? '';
  return { name: match[2] ?? '', receiver: receiver === '' ? undefined : receiver };
}

/** Finds members on the results of calls for one resolution run. */
export class CallResults {
  readonly #ctx: ResolveContext;
  readonly #receivers: ReceiverCache;
  readonly #resolve: ResolveRef;
  readonly #scopes = new Map<number, FileScope>();

  constructor(ctx: ResolveContext, receivers: ReceiverCache, resolve: ResolveRef) {
    this.#ctx = ctx;
    this.#receivers = receivers;
    this.#resolve = resolve;
  }

  /**
   * The step: `ref.name` on what the receiver's call returns, when the called function is bound
   * and its return type is known; undefined (the later steps decide) otherwise.
   */
  step(scope: FileScope, ref: ResolverRef, receiver: Receiver | undefined, filter: KindFilter): StepOutcome | undefined {
    if (receiver === undefined || receiver.kind !== 'opaque') return undefined;
    const inner = innerCall(receiver.text);
    if (inner === undefined) return undefined;
    const call: ResolverRef = {
      fileId: ref.fileId, fromId: ref.fromId, kind: 'calls', name: inner.name, line: ref.line, col: ref.col,
      ...(inner.receiver !== undefined ? { receiver: inner.receiver } : {}),
    };
    const outcome = this.#resolve(scope, call);
    if (outcome?.kind !== 'bound') return undefined;
    const target = outcome.target;
    const found = TYPES(target.kind) ? this.#onType(target, ref.name, filter)
      : target.returns === undefined ? undefined : this.#onReturned(target, target.returns, ref, filter);
    // A method call on a value of unknown type bound by a guess (its name alone, or the file's
    // only member of that name) may be another type's method: its return type decides nothing
    // unless it has the member. A bare function found by its name is the function (Swift's and
    // C's calls across files are all found so).
    return found?.kind !== 'bound' && inner.receiver !== undefined && outcome.confidence < SURE ? undefined : found;
  }

  /** A member of `type` itself (a class called as its constructor). */
  #onType(type: ResolverSymbol, name: string, filter: KindFilter): StepOutcome {
    const member = findMember(this.#ctx, type, name, filter);
    return member === undefined ? CLAIMED : bound(member, 'qualified', RESULT_CONFIDENCE);
  }

  /** `ref.name` on the type `returns` that `fn` declares, looked up from `fn`'s own file. */
  #onReturned(fn: ResolverSymbol, returns: string, ref: ResolverRef, filter: KindFilter): StepOutcome {
    const scope = this.#scopeOf(fn.fileId);
    const member: ResolverRef = {
      fileId: fn.fileId, fromId: fn.id, kind: ref.kind, name: ref.name, receiver: returns, line: ref.line, col: ref.col,
    };
    const receiver = this.#receivers.get(returns);
    const outcome = importStep(this.#ctx, scope, member, receiver, filter) ?? qualifiedStep(this.#ctx, scope, member, receiver, filter);
    if (outcome?.kind === 'bound') return bound(outcome.target, outcome.method, Math.min(outcome.confidence, RESULT_CONFIDENCE));
    // Known to return a type that has no such member, or one from outside: not a project call.
    return outcome ?? CLAIMED;
  }

  #scopeOf(fileId: number): FileScope {
    let scope = this.#scopes.get(fileId);
    if (scope === undefined) {
      if (this.#scopes.size >= MAX_SCOPES) this.#scopes.clear();
      scope = new FileScope(this.#ctx, fileId);
      this.#scopes.set(fileId, scope);
    }
    return scope;
  }
}
