/**
 * Language families: languages that can see each other's symbols (TypeScript imports JavaScript,
 * Kotlin calls Java, C++ includes C headers) share one family, and resolution never crosses it.
 */

/** How far a bare name (no receiver, not imported, not in the file) may be looked up. */
export type BareNameScope = 'module' | 'package' | 'project';

/** Rules of one family that change how names bind. */
export interface FamilyTraits {
  /**
   * `module`: a bare name must be defined in the file or imported (Python), so name matching across
   * the project would only invent edges to builtins and externals. `package`: the file's package
   * (Go). `project`: anywhere, ranked by proximity.
   */
  readonly bareNames: BareNameScope;
  /**
   * Unqualified calls inside a method may mean `this.x()` (Java, C#, C++ …), so the enclosing
   * class and its bases are searched before the file.
   */
  readonly implicitThis: boolean;
  /**
   * A top-level symbol that is not exported cannot be used from another directory (static C
   * functions, unexported Go/TS names), so name matching drops it.
   */
  readonly enforcesExport: boolean;
  /**
   * Types built into the language whose methods no project class defines (`list`, `str`), as the
   * extractor records the receiver of a call on a literal or on a variable one made, and the
   * runtime's global objects a call names directly (JavaScript's `JSON`, `console`, `process`):
   * such a call binds to nothing when the project has no class of that name (`parts.append()` is
   * not `ListMixin.append`; rtk's 30 `JSON.stringify(…)` calls were bound to a `stringify` nested
   * in one of its functions, json-server's `console.log(…)` to a no-op one function assigns).
   */
  readonly builtinTypes?: ReadonlySet<string>;
  /**
   * Methods of the language's builtin types (those above; Go's `error`). A call of one of these
   * names on a value whose type is not known is not matched by name to a project method: the
   * value is most often the builtin (on
   * django, all 300 such calls sampled were on lists, dicts, strings and sets, such as
   * `choices.append()` bound to `ListMixin.append`; on SQLAlchemy nearly all of 200, such as
   * `name.startswith()` bound to `ColumnOperators.startswith`; on cobra, 76 `err.Error()` and
   * `t.Error(…)` calls bound to `flagCompError.Error`). In JavaScript only the names that are
   * the builtins' own (arrays, strings, functions, promises; on webpack, mongoose, bluebird,
   * async and knex, 48 of 50 sampled such calls were on builtins, such as webpack's 312
   * `x.slice()` bound to one dependency class's `slice`): the names collections and caches of
   * every kind define (`layer.match()`, `limiter.add()`, `queryCache.get()`) reach project
   * methods as often as builtins.
   */
  readonly builtinMethods?: ReadonlySet<string>;
  /**
   * A function declared in another function's body is bound in that body alone, and the extractor
   * marks exported those the file makes properties of their own name (a factory's `return { get
   * }`, Python's `cls.get = get`): a call on an object never binds by name to one of the others
   * (json-server's 26 calls of `db.get()`, `app.get()` and `req.get()` were bound to a `get`
   * handler local to a router factory, `server.destroy()` to a local `destroy`; SQLAlchemy's
   * `config.db.dialect` lookups through `get_dialect()` to a helper nested in a test assertion).
   * Set where the extractor marks them (extract/escaped-locals.ts).
   */
  readonly scopedLocals?: boolean;
  /**
   * A receiver written as type names are (`String`, `Map.Entry`, `File`, `Vec`: PascalCase, which
   * the language's conventions keep for types) names a type, so when the project defines no type
   * of that name the call is on a type from outside and binds to nothing (jdk-mgmt's
   * `attribute.indexOf('.')` on a `String` was bound to `JMXServiceURL.indexOf`; go-toml's
   * `vf.Tag.Get(…)` on a `reflect.StructTag` to its own `Tree.Get`). A project's own values so
   * named (Go's exported package variables, `CommandLine`) are symbols and keep their calls. Not
   * set where that case also names what the index does not hold: C++'s template parameters
   * (nlohmann-json's 90 calls on a `BasicJsonType`, all right, would be lost), Python's and
   * JavaScript's module-level and local objects (`GlobalUserModel = apps.get_model(…)`,
   * `SelectBox`), C#'s inherited properties.
   */
  readonly typeCaseReceivers?: boolean;
  /**
   * Pointers and guards whose methods reach the value inside (Rust's `Deref`): an impl block for
   * one may hand `self`'s calls on (`members.ts`). The extractor's list (rust-receivers.ts) is the same.
   */
  readonly derefWrappers?: ReadonlySet<string>;
  /**
   * Modules export names the index cannot see, made by macros (Rust's `cfg_rt! { pub use … }`,
   * items a `macro_rules!` expands to): a receiver imported from a project module that shows no
   * such name is looked up as a type's name by the later steps, not left unbound (tokio's
   * `jh.abort_handle()` on a `JoinHandle` imported through `crate::task`).
   */
  readonly macroExports?: boolean;
}

/** PascalCase with a lower-case letter: `String`, `HashMap`, not `T`, `URL` or `MH_checkCaller`. */
const TYPE_CASE = /^[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*$/;
/** A name written as type parameters are: one capital, or a capital and one more character (`T`, `St`). */
const TYPE_PARAMETER = /^[A-Z][A-Za-z0-9]?$/;

/** Whether `name` may be a type parameter rather than a type. */
export function isTypeParameterName(name: string): boolean {
  return TYPE_PARAMETER.test(name);
}

/**
 * Whether a receiver `name` names a type by its case under `traits` (`typeCaseReceivers`), other
 * than a type parameter, whose calls may reach a project type. (A Rust value behind `Arc<T>` is
 * recorded as a `T`, so a receiver `Arc` is the pointer type's own, `Arc::new(…)`.)
 */
export function namesTypeByCase(traits: FamilyTraits, name: string): boolean {
  return traits.typeCaseReceivers === true && TYPE_CASE.test(name) && !TYPE_PARAMETER.test(name);
}

/**
 * The methods of Python's builtin types (the library reference's "Built-in Types": str, bytes and
 * bytearray, list, tuple, dict, set and frozenset, int and float), and the functions a `property`
 * holds (`desc.fget(cls)`: SQLAlchemy's 7 such calls were bound to its `index_property.fget`).
 */
const PYTHON_BUILTIN_METHODS: ReadonlySet<string> = new Set([
  // str
  'capitalize', 'casefold', 'center', 'count', 'encode', 'endswith', 'expandtabs', 'find', 'format', 'format_map', 'index',
  'isalnum', 'isalpha', 'isascii', 'isdecimal', 'isdigit', 'isidentifier', 'islower', 'isnumeric', 'isprintable', 'isspace',
  'istitle', 'isupper', 'join', 'ljust', 'lower', 'lstrip', 'maketrans', 'partition', 'removeprefix', 'removesuffix',
  'replace', 'rfind', 'rindex', 'rjust', 'rpartition', 'rsplit', 'rstrip', 'split', 'splitlines', 'startswith', 'strip',
  'swapcase', 'title', 'translate', 'upper', 'zfill',
  // bytes and bytearray (beyond str's)
  'decode', 'hex', 'fromhex',
  // list (and tuple's count and index)
  'append', 'extend', 'insert', 'remove', 'pop', 'clear', 'sort', 'reverse', 'copy',
  // dict
  'fromkeys', 'get', 'items', 'keys', 'popitem', 'setdefault', 'update', 'values',
  // set and frozenset
  'add', 'difference', 'difference_update', 'discard', 'intersection', 'intersection_update', 'isdisjoint', 'issubset',
  'issuperset', 'symmetric_difference', 'symmetric_difference_update', 'union',
  // int and float
  'bit_length', 'bit_count', 'to_bytes', 'from_bytes', 'as_integer_ratio', 'is_integer', 'conjugate',
  // property
  'fget', 'fset', 'fdel',
]);

/**
 * The methods of JavaScript's arrays, strings, functions, promises and `Object.prototype` that
 * projects seldom define (the language reference's lists less `get`, `set`, `add`, `has`,
 * `delete`, `clear`, `keys`, `values`, `entries`, `match`, `test` and `exec`).
 */
const JS_BUILTIN_METHODS: ReadonlySet<string> = new Set([
  // Array.prototype
  'push', 'pop', 'shift', 'unshift', 'splice', 'slice', 'concat', 'forEach', 'map', 'filter', 'reduce', 'reduceRight',
  'some', 'every', 'find', 'findIndex', 'findLast', 'findLastIndex', 'flat', 'flatMap', 'indexOf', 'lastIndexOf',
  'includes', 'join', 'reverse', 'sort', 'fill', 'copyWithin',
  // String.prototype (beyond the array's)
  'split', 'trim', 'trimStart', 'trimEnd', 'toLowerCase', 'toUpperCase', 'startsWith', 'endsWith', 'charAt', 'charCodeAt',
  'codePointAt', 'substring', 'substr', 'padStart', 'padEnd', 'repeat', 'replace', 'replaceAll', 'localeCompare',
  // Function.prototype, Promise.prototype, Object.prototype
  'call', 'apply', 'bind', 'then', 'catch', 'finally', 'hasOwnProperty', 'toString', 'valueOf',
]);

const FAMILY_BY_LANGUAGE: ReadonlyMap<string, string> = new Map([
  ['javascript', 'js'], ['typescript', 'js'], ['tsx', 'js'], ['jsx', 'js'], ['vue', 'js'],
  ['svelte', 'js'],
  ['python', 'python'],
  ['go', 'go'],
  ['rust', 'rust'],
  ['java', 'jvm'], ['kotlin', 'jvm'], ['scala', 'jvm'], ['groovy', 'jvm'],
  ['c', 'c'], ['cpp', 'c'], ['c++', 'c'], ['objc', 'c'], ['cuda', 'c'],
  ['csharp', 'csharp'], ['c_sharp', 'csharp'], ['c#', 'csharp'],
  ['php', 'php'],
  ['ruby', 'ruby'],
]);

const TRAITS: ReadonlyMap<string, FamilyTraits> = new Map([
  // JS files without imports are classic scripts sharing globals; see `bareNameScopeOf`.
  ['js', {
    bareNames: 'module', implicitThis: false, enforcesExport: true,
    builtinTypes: new Set([
      'Array', 'Map', 'Set', 'WeakMap', 'WeakSet', 'Promise', 'String', 'Number', 'Object', 'RegExp', 'Date', 'Error', 'URL', 'URLSearchParams',
      // The global objects of ECMAScript, and of Node and the browser's console.
      'JSON', 'Math', 'Reflect', 'Intl', 'Atomics', 'Symbol', 'BigInt', 'globalThis', 'console', 'process', 'Buffer',
    ]),
    builtinMethods: JS_BUILTIN_METHODS,
    scopedLocals: true,
  }],
  ['python', {
    bareNames: 'module', implicitThis: false, enforcesExport: false,
    builtinTypes: new Set(['str', 'bytes', 'bytearray', 'int', 'float', 'list', 'dict', 'set', 'frozenset', 'tuple']),
    builtinMethods: PYTHON_BUILTIN_METHODS,
    scopedLocals: true,
  }],
  // `error` is Go's one predeclared type with a method: `err.Error()` is not a project's `Error`.
  ['go', { bareNames: 'package', implicitThis: false, enforcesExport: true, builtinMethods: new Set(['Error']), typeCaseReceivers: true }],
  ['rust', {
    bareNames: 'project', implicitThis: false, enforcesExport: true, typeCaseReceivers: true, macroExports: true,
    derefWrappers: new Set(['Box', 'Rc', 'Arc', 'Pin', 'Cow', 'Ref', 'RefMut', 'MutexGuard', 'RwLockReadGuard', 'RwLockWriteGuard', 'ManuallyDrop']),
  }],
  ['jvm', { bareNames: 'project', implicitThis: true, enforcesExport: true, typeCaseReceivers: true }],
  ['c', { bareNames: 'project', implicitThis: true, enforcesExport: true }],
  ['csharp', { bareNames: 'project', implicitThis: true, enforcesExport: true }],
  ['php', { bareNames: 'project', implicitThis: false, enforcesExport: false }],
  ['ruby', { bareNames: 'project', implicitThis: true, enforcesExport: false, typeCaseReceivers: true }],
]);

const DEFAULT_TRAITS: FamilyTraits = { bareNames: 'project', implicitThis: false, enforcesExport: false };

/** The family of a language id; unknown languages form a family of their own. */
export function familyOf(language: string): string {
  return FAMILY_BY_LANGUAGE.get(language.toLowerCase()) ?? language.toLowerCase();
}

/** The binding rules of a family. */
export function traitsOf(family: string): FamilyTraits {
  return TRAITS.get(family) ?? DEFAULT_TRAITS;
}
