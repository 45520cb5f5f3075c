/**
 * Receivers as written, classified once per distinct string: the same few receivers (`self`,
 * `this`, `os.path`) repeat across thousands of references, so each is split only once.
 */

/** `self`-like (the enclosing instance), `super`-like (its bases), a name path, or an expression. */
export type ReceiverKind = 'self' | 'super' | 'path' | 'opaque';

/** A classified receiver. `segments` holds the path parts for `path` receivers. */
export interface Receiver {
  readonly text: string;
  readonly kind: ReceiverKind;
  readonly segments: readonly string[];
  /** The segments joined with `.`, matched against dotted namespaces (`import a.b`). */
  readonly path: string;
}

const SELF: ReadonlySet<string> = new Set(['self', 'this', 'cls', '$this', '@', 'Self', 'static', 'me']);
const SUPER: ReadonlySet<string> = new Set(['super', 'super()', 'parent', 'base']);
const NO_SEGMENTS: readonly string[] = [];

function classify(text: string): Receiver {
  const trimmed = text.trim();
  if (SELF.has(trimmed)) return { text, kind: 'self', segments: NO_SEGMENTS, path: '' };
  // `super(Foo, self)` is the bases; `super().method()` is what a base's method returned.
  if (SUPER.has(trimmed) || /^super\([^()]*\)$/.test(trimmed)) return { text, kind: 'super', segments: NO_SEGMENTS, path: '' };
  // Generic arguments say nothing about which type is meant: `Vec<T>::new` is `Vec::new`.
  const plain = trimmed.replace(/<[^<>]*>/g, '').replace(/^::|^\\/, '');
  const segments = plain.split(/::|->|\.|\\/);
  if (segments.some((s) => !/^[\w$]+$/.test(s))) return { text, kind: 'opaque', segments: NO_SEGMENTS, path: '' };
  return { text, kind: 'path', segments, path: segments.join('.') };
}

/** The type named before `this` in an outer instance written as a path (`Monitor` in Java's `Monitor.this`). */
export function outerInstanceType(receiver: Receiver): string | undefined {
  const { segments } = receiver;
  return segments.length >= 2 && SELF.has(segments[segments.length - 1] ?? '') ? segments[segments.length - 2] : undefined;
}

/** Classifies receivers, remembering each distinct string. */
export class ReceiverCache {
  private readonly seen = new Map<string, Receiver>();

  /** The classification of `text`. */
  get(text: string): Receiver {
    let hit = this.seen.get(text);
    if (hit === undefined) {
      hit = classify(text);
      this.seen.set(text, hit);
    }
    return hit;
  }
}
