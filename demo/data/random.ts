// Deterministic randomness for the synthetic data set. Everything the demo backend serves is a pure
// function of (seed, identifiers, time), so two servers with the same seed answer alike and no day of
// data ever has to be materialised: any point can be recomputed from its coordinates.

const TWO_POW_32 = 4294967296;

function mix(h: number): number {
  let x = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) | 0;
}

/** Mixes safe integers (negative ones and epoch milliseconds included) into an unsigned 32-bit hash. */
export function hashInts(...values: readonly number[]): number {
  let h = 0x2545f491;
  for (const value of values) {
    const lo = value | 0;
    const hi = Math.floor(value / TWO_POW_32) | 0;
    h = mix((h + 0x9e3779b9) ^ lo);
    h = mix((h + 0x7f4a7c15) ^ hi);
  }
  return h >>> 0;
}

/** FNV-1a hash of a string, as an unsigned 32-bit integer. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  }
  return h >>> 0;
}

/** A float in [0, 1) determined by the given coordinates. */
export function unitAt(...values: readonly number[]): number {
  return hashInts(...values) / TWO_POW_32;
}

/** A float in [-1, 1) determined by the given coordinates. */
export function noiseAt(...values: readonly number[]): number {
  return (hashInts(...values) / TWO_POW_32) * 2 - 1;
}

/** Lowercase hex text of the given length determined by the coordinates. */
export function hexAt(length: number, ...values: readonly number[]): string {
  let out = '';
  for (let i = 0; out.length < length; i++) {
    out += hashInts(...values, i)
      .toString(16)
      .padStart(8, '0');
  }
  return out.slice(0, length);
}

/** A sequential seeded generator (mulberry32) for building the static part of the data set. */
export interface Random {
  next(): number;
  int(min: number, maxInclusive: number): number;
  pick<T>(items: readonly T[]): T;
}

/** Creates a sequential generator; the same seed always yields the same sequence. */
export function createRandom(seed: number): Random {
  let state = hashInts(seed) | 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / TWO_POW_32;
  };
  return {
    next,
    int: (min, maxInclusive) => min + Math.floor(next() * (maxInclusive - min + 1)),
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick() needs a non-empty list');
      return item;
    },
  };
}

/** Rounds to the given number of decimals (the wire carries short decimals, not float noise). */
export function round(value: number, decimals = 0): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/** Keeps a value inside [min, max]. */
export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
