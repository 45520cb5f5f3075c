/** Node kinds several explore stages treat alike. */

/** Definitions that run: what calls other code, and whose body may hold dynamic dispatch. */
export const CALLABLE_KINDS: ReadonlySet<string> = new Set(['function', 'method', 'constructor', 'component', 'route']);

/** Definitions that are types. */
export const TYPE_KINDS: ReadonlySet<string> = new Set(['class', 'struct', 'interface', 'trait', 'protocol', 'enum', 'union', 'type_alias', 'module']);
