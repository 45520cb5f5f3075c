/** Node kinds several explore stages treat alike. */

/** Definitions that run: what calls other code, and whose body may hold dynamic dispatch. */
export const CALLABLE_KINDS: ReadonlySet<string> = new Set(['function', 'method', 'constructor', 'component', 'route']);

/**
 * Definitions that hold others (a class's methods, a module's functions): when long, explore
 * shows their opening lines, not their whole span.
 */
export const CONTAINER_KINDS: ReadonlySet<string> = new Set(['class', 'struct', 'interface', 'trait', 'protocol', 'enum', 'module', 'namespace', 'union', 'impl']);

/** Definitions that are types. */
export const TYPE_KINDS: ReadonlySet<string> = new Set(['class', 'struct', 'interface', 'trait', 'protocol', 'enum', 'union', 'type_alias', 'module']);
