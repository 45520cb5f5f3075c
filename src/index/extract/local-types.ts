import type { ExtractionBuilder } from './builder.js';
import { isPascalCase } from './names.js';

/**
 * What class a variable of a scope holds, from how it was made (`uow = UOWTransaction(self)`,
 * `const repo = new MemoryRepo()`, `const repo: Repo = …`, a parameter `repo: Repo`). A call on
 * that variable is then recorded with the class as its receiver, so it resolves to that class's
 * member instead of staying unknown or meeting a same-named method of the file. A variable given
 * two different classes in one scope gets neither.
 */
export class LocalTypes {
  readonly #types = new Map<string, string | null>();

  /** Records that `name` in scope `scope` was assigned a value of class `type` (undefined: unknown). */
  note(scope: number, name: string, type: string | undefined): void {
    const key = `${scope}:${name}`;
    const before = this.#types.get(key);
    this.#types.set(key, type === undefined || (before !== undefined && before !== type) ? null : type);
  }

  /** The class `name` holds in scope `scope`, when every assignment seen agreed on one. */
  typeOf(scope: number, name: string): string | undefined {
    return this.#types.get(`${scope}:${name}`) ?? undefined;
  }

  /** Whether `name` was noted in scope `scope` at all (a local, typed or not, hides a field of that name). */
  declared(scope: number, name: string): boolean {
    return this.#types.has(`${scope}:${name}`);
  }
}

/** Whether the last segment of a written path looks like a class name (PascalCase, `_` and `$` allowed). */
export function namesClass(path: string): boolean {
  const last = path.slice(path.lastIndexOf('.') + 1);
  return isPascalCase(last.slice(0, 1) + last.slice(1).replace(/[_$]/g, ''));
}

/** One file's typing in a statically typed language: its functions' locals by scope, its classes' fields by `Owner.field`. */
export interface FileTypes {
  readonly locals: LocalTypes;
  readonly fields: ReadonlyMap<string, string>;
}

/**
 * The class a call's object holds in a statically typed language: the local `name` of the current
 * scope (declared there, typed or not, it hides a field), else the field `name` of the enclosing
 * class. `viaThis`: the object was `this.name`, which only a field is.
 */
export function receiverClass(builder: ExtractionBuilder, { locals, fields }: FileTypes, name: string, viaThis: boolean): string | undefined {
  const scope = builder.current;
  if (!viaThis && locals.declared(scope, name)) return locals.typeOf(scope, name);
  // The class is the segment before the member's own name (`Router.match`, an out-of-line `ns.Router.match`).
  const owner = builder.symbolAt(scope)?.qualifiedName.split('.').slice(-2, -1)[0];
  return owner === undefined ? undefined : fields.get(`${owner}.${name}`);
}
