/**
 * TypeScript's interfaces are satisfied by shape: a class that declares no `implements` of a
 * project interface still stands for it wherever its methods cover the interface's. Where the
 * match says something, such a class gets an `implements` edge to the interface and each of its
 * own methods an `overrides` edge to the interface's method of that name, as a declared
 * `implements` gives (overrides.ts); so `callers` of `MemoryStore.get` lists calls made through a
 * `Store`, and `impact` follows them.
 *
 * Only an unambiguous match counts:
 * - the interface requires at least two methods (a method marked `?` is not required): one
 *   method's name (`dispose`, `get`) is shared by too many classes to say what they stand for;
 * - every method of the interface is known: one extending a type from outside has more;
 * - two unrelated interfaces requiring the same methods are both satisfied alike, and neither is
 *   chosen.
 * Properties are not compared (an optional one cannot be told from a required one), nor are
 * signatures. A class's methods are its own and its project base classes'; one extending a class
 * from outside may have more, which can only hide a relation. A class that declares the interface
 * (or a base of it, through its own bases) has the edges of that declaration already.
 */
import type { EdgeTable } from '../../store/columnar.js';
import type { ResolveContext } from './context.js';
import type { ResolverSymbol } from './types.js';

/** Confidence of a structural edge: the method names match; signatures are not compared. */
const STRUCTURAL_CONFIDENCE = 0.8;
/** Fewest required methods an interface matched by shape has. */
const MIN_REQUIRED_METHODS = 2;
/** How deep base classes and extended interfaces are followed. */
const MAX_DEPTH = 8;
/** The family whose classes and interfaces this matches (TypeScript, with JavaScript's classes). */
const FAMILY = 'js';

/** A project interface whose whole method set is known. */
interface KnownInterface {
  readonly symbol: ResolverSymbol;
  /** Method name -> its declaration (the interface's own, or an extended interface's). */
  readonly methods: ReadonlyMap<string, ResolverSymbol>;
  /** Names of the methods not marked optional, sorted. */
  readonly required: readonly string[];
  /** The interfaces it extends, transitively. */
  readonly ancestors: ReadonlySet<number>;
}

/** Adds the structural `implements` and `overrides` edges of the classes of `emitFiles` (every file when undefined). */
export function classStructuralEdges(ctx: ResolveContext, edges: EdgeTable, emitFiles: ReadonlySet<number> | undefined): void {
  const { project } = ctx;
  const emitted = (emitFiles === undefined ? project.files.map((f) => f.id) : [...emitFiles]).filter((id) => project.family(id) === FAMILY);
  if (emitted.length === 0) return;
  const index = new ShapeIndex(ctx);
  if (index.empty) return;
  for (const fileId of emitted) {
    for (const symbol of project.symbolsOf(fileId)) {
      if (symbol.kind !== 'class') continue;
      // An extended interface's method reached through two interfaces is one declaration.
      const overridden = new Set<string>();
      for (const known of index.satisfied(symbol)) {
        edges.push({ source: symbol.id, target: known.symbol.id, kind: 'implements', line: 0, col: 0, confidence: STRUCTURAL_CONFIDENCE, method: 'receiver' });
        for (const method of index.methods(symbol)) {
          const declared = known.methods.get(method.name);
          if (declared === undefined || overridden.has(`${method.id}:${declared.id}`)) continue;
          overridden.add(`${method.id}:${declared.id}`);
          edges.push({ source: method.id, target: declared.id, kind: 'overrides', line: 0, col: 0, confidence: STRUCTURAL_CONFIDENCE, method: 'receiver' });
        }
      }
    }
  }
}

/** The methods of each type declared in `symbols`, by the type's id. */
function methodsByParent(symbols: Iterable<ResolverSymbol>): Map<number, ResolverSymbol[]> {
  const out = new Map<number, ResolverSymbol[]>();
  for (const s of symbols) {
    if (s.kind !== 'method' || s.parentId === null) continue;
    const list = out.get(s.parentId);
    if (list === undefined) out.set(s.parentId, [s]);
    else list.push(s);
  }
  return out;
}

/** Whether an interface's method signature marks it optional (`label?(): string`). */
function isOptionalMethod(method: ResolverSymbol): boolean {
  return method.signature !== undefined && /^\s*(?:readonly\s+)?[\w$]+\s*\?/.test(method.signature);
}

/** The project's interfaces by method name, read once per run. */
class ShapeIndex {
  readonly #ctx: ResolveContext;
  readonly #byMethod = new Map<string, KnownInterface[]>();
  readonly #methodsOf = new Map<number, Map<number, ResolverSymbol[]>>();

  constructor(ctx: ResolveContext) {
    this.#ctx = ctx;
    for (const file of ctx.project.files) {
      if (ctx.project.family(file.id) !== FAMILY) continue;
      for (const symbol of ctx.project.symbolsOf(file.id)) {
        if (symbol.kind !== 'interface') continue;
        const known = this.#known(symbol);
        if (known === undefined) continue;
        for (const name of known.required) {
          const list = this.#byMethod.get(name);
          if (list === undefined) this.#byMethod.set(name, [known]);
          else list.push(known);
        }
      }
    }
  }

  get empty(): boolean {
    return this.#byMethod.size === 0;
  }

  /** The interfaces `cls` satisfies by shape and does not declare, the ambiguous ones left out. */
  satisfied(cls: ResolverSymbol): KnownInterface[] {
    const methods = new Set<string>();
    const declared = new Set<number>();
    this.#collect(cls, 0, methods, declared);
    const found: KnownInterface[] = [];
    const seen = new Set<number>();
    for (const name of methods) {
      for (const known of this.#byMethod.get(name) ?? []) {
        if (seen.has(known.symbol.id)) continue;
        seen.add(known.symbol.id);
        if (declared.has(known.symbol.id)) continue;
        if (known.required.every((m) => methods.has(m))) found.push(known);
      }
    }
    return found.filter((a) => !found.some((b) => b !== a && b.required.join() === a.required.join() && !a.ancestors.has(b.symbol.id) && !b.ancestors.has(a.symbol.id)));
  }

  /** A class's method names (its own and its project base classes'), and every type it declares as a base, transitively. */
  #collect(type: ResolverSymbol, depth: number, methods: Set<string>, declared: Set<number>): void {
    for (const m of this.methods(type)) methods.add(m.name);
    if (depth > MAX_DEPTH) return;
    for (const base of this.#ctx.bases.get(type.id) ?? []) {
      if (declared.has(base.id)) continue;
      declared.add(base.id);
      if (base.kind === 'class' || base.kind === 'interface') this.#collect(base, depth + 1, base.kind === 'class' ? methods : new Set(), declared);
    }
  }

  /** An interface's methods, its extended ones' included; undefined when it extends something not known. */
  #known(symbol: ResolverSymbol): KnownInterface | undefined {
    const methods = new Map<string, ResolverSymbol>();
    const ancestors = new Set<number>();
    if (!this.#gather(symbol, 0, methods, ancestors)) return undefined;
    const required = [...methods.values()].filter((m) => !isOptionalMethod(m)).map((m) => m.name).sort();
    if (required.length < MIN_REQUIRED_METHODS) return undefined;
    return { symbol, methods, required, ancestors };
  }

  #gather(symbol: ResolverSymbol, depth: number, methods: Map<string, ResolverSymbol>, ancestors: Set<number>): boolean {
    if (this.#ctx.openBases.has(symbol.id) || depth > MAX_DEPTH) return false;
    for (const m of this.methods(symbol)) if (!methods.has(m.name)) methods.set(m.name, m);
    for (const base of this.#ctx.bases.get(symbol.id) ?? []) {
      if (base.kind !== 'interface') return false;
      if (ancestors.has(base.id)) continue;
      ancestors.add(base.id);
      if (!this.#gather(base, depth + 1, methods, ancestors)) return false;
    }
    return true;
  }

  /** The methods declared in a type's body (each file's read once). */
  methods(type: ResolverSymbol): readonly ResolverSymbol[] {
    let byParent = this.#methodsOf.get(type.fileId);
    if (byParent === undefined) this.#methodsOf.set(type.fileId, (byParent = methodsByParent(this.#ctx.project.symbolsOf(type.fileId))));
    return byParent.get(type.id) ?? [];
  }
}
