/**
 * A small seeded PRNG (mulberry32) and the helpers the fuzzer draws from. Same seed, same
 * sequence, so a failing run replays exactly with FUZZ_SEED.
 */

/** Uniform draws from one 32-bit seed. */
export class Prng {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    // mulberry32 (Tommy Ettinger): tiny, fast, and good enough to drive a fuzzer.
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new RangeError('pick needs a non-empty array');
    return item;
  }

  /** A string of `length` characters drawn from `alphabet`. */
  string(length: number, alphabet: string): string {
    const chars = [...alphabet];
    let out = '';
    for (let i = 0; i < length; i++) out += this.pick(chars);
    return out;
  }
}

/** The seed for this run: FUZZ_SEED when set (decimal or 0x hex), else a fresh random one. */
export function seedFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env['FUZZ_SEED'];
  if (raw !== undefined && raw.trim() !== '') {
    const seed = Number(raw.trim());
    if (!Number.isInteger(seed)) throw new Error(`FUZZ_SEED must be an integer, got ${JSON.stringify(raw)}`);
    return seed >>> 0;
  }
  return Math.floor(Math.random() * 2 ** 32) >>> 0;
}
