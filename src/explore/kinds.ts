/** Node kinds several explore stages treat alike. */

/** Definitions that run: what calls other code, and whose body may hold dynamic dispatch. */
export const CALLABLE_KINDS: ReadonlySet<string> = new Set(['function', 'method', 'constructor', 'component', 'route']);
