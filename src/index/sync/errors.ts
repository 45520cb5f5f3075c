/** The index's local errors: they explain themselves to the user and never go on the wire. */

/** A problem the user must fix (bad config, …): shown as a message, never as a stack. */
export class IndexError extends Error {
  override readonly name = 'IndexError';
}

/** The index a long-lived writer keeps up to date was deleted (by `codegraph uninit`, say). */
export class IndexRemovedError extends IndexError {}
