/**
 * How many arguments a definition takes, packed in one integer so overloads can be told apart
 * by a call's argument count. Java and C# record it; every other language leaves it undefined
 * and resolution ignores it.
 */

/** `max` for a definition that takes any number of trailing arguments (varargs, `params`, `...`). */
export const UNBOUNDED = 255;

/** Packs a parameter range: `min` required parameters, at most `max` arguments (or UNBOUNDED). */
export function packArity(min: number, max: number): number {
  const lo = Math.max(0, Math.min(min, UNBOUNDED - 1));
  const hi = max >= UNBOUNDED ? UNBOUNDED : Math.max(lo, max);
  return lo | (hi << 8);
}

/** The range `packArity` packed, for display. */
export function unpackArity(packed: number): { readonly min: number; readonly max: number } {
  return { min: packed & 0xff, max: (packed >> 8) & 0xff };
}

/** True when a definition with arity `packed` can be called with `args` arguments. */
export function acceptsArgs(packed: number, args: number): boolean {
  const min = packed & 0xff;
  const max = (packed >> 8) & 0xff;
  return args >= min && (max === UNBOUNDED || args <= max);
}

/** `2`, `1..3` or `1..` for golden renderings and diagnostics. */
export function formatArity(packed: number): string {
  const { min, max } = unpackArity(packed);
  if (max === UNBOUNDED) return `${min}..`;
  return min === max ? String(min) : `${min}..${max}`;
}
