import type { Node } from 'web-tree-sitter';
import type { ExtractionBuilder } from './builder.js';
import { isPascalCase, ownerSegment } from './names.js';

/**
 * Notes of what class each key holds; a key keeps its class only while every note agrees on it
 * (a note of an unknown class, or of another class, leaves the key with none).
 */
export class AgreedTypes {
  readonly #types = new Map<string, string | null>();

  note(key: string, type: string | undefined): void {
    const before = this.#types.get(key);
    this.#types.set(key, type === undefined || (before !== undefined && before !== type) ? null : type);
  }

  /** The class every note of `key` so far agreed on. */
  get(key: string): string | undefined {
    return this.#types.get(key) ?? undefined;
  }

  /** How many keys were noted. */
  get size(): number {
    return this.#types.size;
  }

  /** Whether `key` was noted at all. */
  has(key: string): boolean {
    return this.#types.has(key);
  }

  /** Every key whose notes agreed, with its class. */
  agreed(): Map<string, string> {
    const types = new Map<string, string>();
    for (const [key, type] of this.#types) if (type !== null) types.set(key, type);
    return types;
  }
}

/**
 * What class a variable of a scope holds, from how it was made (`uow = UOWTransaction(self)`,
 * `const repo = new MemoryRepo()`, `const repo: Repo = …`, a parameter `repo: Repo`). A call on
 * that variable is then recorded with the class as its receiver, so it resolves to that class's
 * member instead of staying unknown or meeting a same-named method of the file. A variable given
 * two different classes in one scope gets neither.
 */
export class LocalTypes {
  readonly #types = new AgreedTypes();

  /**
   * Records that `name` in scope `scope` was assigned a value of class `type` (undefined:
   * unknown). A call on the name itself (`self = self._generate()`, Rust's `let c = c.lock()?`)
   * is unknown: what it returns depends on what the name held before, and the call's own
   * receiver is the name as it was.
   */
  note(scope: number, name: string, type: string | undefined): void {
    this.#types.note(`${scope}:${name}`, type !== undefined && callsOn(type, name) ? undefined : type);
  }

  /** The class `name` holds in scope `scope`, when every assignment seen agreed on one. */
  typeOf(scope: number, name: string): string | undefined {
    return this.#types.get(`${scope}:${name}`);
  }

  /** Whether `name` was noted in scope `scope` at all (a local, typed or not, hides a field of that name). */
  declared(scope: number, name: string): boolean {
    return this.#types.has(`${scope}:${name}`);
  }
}

/** Whether `type` is a call whose receiver chain starts at `name` (`name.next()`, `$name->next()`). */
function callsOn(type: string, name: string): boolean {
  if (!type.endsWith('()')) return false;
  const bare = name.startsWith('$') ? name.slice(1) : name;
  const root = /^\$?([\w$]+)/.exec(type)?.[1];
  return root === bare && type.length > root.length + (type.startsWith('$') ? 1 : 0) && /^[.(:-]/.test(type.slice(type.indexOf(root) + root.length));
}

/** Whether the last segment of a written path looks like a class name (PascalCase, `_` and `$` allowed). */
export function namesClass(path: string): boolean {
  const last = path.slice(path.lastIndexOf('.') + 1);
  return isPascalCase(last.slice(0, 1) + last.slice(1).replace(/[_$]/g, ''));
}

/**
 * One file's typing: its functions' locals by scope, its classes' fields by `Owner.field` (read
 * up front, or, where a class's attributes are assigned in its methods, noted as the walk meets them).
 */
export interface FileTypes {
  readonly locals: LocalTypes;
  readonly fields: Pick<ReadonlyMap<string, string>, 'get' | 'size'>;
}

/** The class whose member the current scope is: the segment before the member's own name (`Router.match`, an out-of-line `ns.Router.match`). */
export function ownerClass(builder: ExtractionBuilder): string | undefined {
  return ownerSegment(builder.symbolAt(builder.current)?.qualifiedName ?? '');
}

/**
 * Notes the class each of `methods` declares it returns (its `returnField`, read by `classOf`),
 * under `Owner.name()` in a file's field map, so `this.getLoader().isFresh()` is a call on what
 * `getLoader` returns. Overloads that return different classes (or no class) leave none: an
 * empty entry.
 */
export function noteReturnClasses(types: Map<string, string>, methods: Iterable<Node>, returnField: string, classOf: (type: Node | null) => string | undefined): void {
  for (const method of methods) {
    // A method's parent is its class's body, whose parent is the class.
    const owner = method.parent?.parent?.childForFieldName('name')?.text;
    const name = method.childForFieldName('name')?.text;
    if (owner === undefined || name === undefined) continue;
    const key = `${owner}.${name}()`;
    const type = classOf(method.childForFieldName(returnField));
    const known = types.get(key);
    types.set(key, type !== undefined && (known === undefined || known === type) ? type : '');
  }
}

/**
 * The class a call of `name` on the enclosing instance returns (`getLoader()`, `this.getLoader()`),
 * when the class declares the method in this file with a class as its return type.
 */
export function returnedClass(builder: ExtractionBuilder, typed: FileTypes, name: string): string | undefined {
  return receiverClass(builder, typed, `${name}()`, true) || undefined;
}

/**
 * The class a call's object holds in a statically typed language: the local `name` of the current
 * scope (declared there, typed or not, it hides a field), else the field `name` of the enclosing
 * class. `viaThis`: the object was `this.name`, which only a field is.
 */
export function receiverClass(builder: ExtractionBuilder, { locals, fields }: FileTypes, name: string, viaThis: boolean): string | undefined {
  const scope = builder.current;
  if (!viaThis && locals.declared(scope, name)) return locals.typeOf(scope, name);
  if (fields.size === 0) return undefined;
  const owner = ownerClass(builder);
  return owner === undefined ? undefined : fields.get(`${owner}.${name}`);
}

/**
 * A chain of calls starting at a typed local or a typed field of the instance (`repo.find()`,
 * `this.repo.find()` with `self` = `this`), its start written as the class (`Repo.find()`), which
 * resolution follows call by call; undefined when the start's class is not known.
 */
export function typedChain(builder: ExtractionBuilder, typed: FileTypes, chain: string, self: string): string | undefined {
  const start = /^([\w$]+)(?:\.([\w$]+))?([.(].*)$/.exec(chain);
  if (start === null) return undefined;
  const [, first = '', field, rest = ''] = start;
  if (first !== self) return fromTypedLocal(typed.locals, builder.current, chain);
  const type = field === undefined ? undefined : receiverClass(builder, typed, field, true);
  return type === undefined ? undefined : `${type}${rest}`;
}

/** A chain of calls (`c.request()`) with the local it starts at written as the class that local holds in `scope`; undefined when unknown. */
export function fromTypedLocal(locals: LocalTypes, scope: number, chain: string): string | undefined {
  const start = /^([\w$]+)([.(].*)$/.exec(chain);
  const type = start === null ? undefined : locals.typeOf(scope, start[1] ?? '');
  return type === undefined ? undefined : `${type}${start?.[2] ?? ''}`;
}

/** A path naming a function or method: names joined by `.`, `::`, `->` or `\\` (`pkg.Open`, `factory::make`, `$this->make`). */
const CALLEE_PATH = /^[\\$]?[\w$]+(?:(?:\.|::|->|\\)[\w$]+)*$/;

/**
 * How a value a call returns is written as a receiver: the call itself (`make()`, `pkg.Open()`),
 * which resolution types by what the called function returns; undefined when the callee is no
 * plain path.
 */
export function callOf(callee: string | undefined): string | undefined {
  return callee !== undefined && CALLEE_PATH.test(callee) ? `${callee}()` : undefined;
}
