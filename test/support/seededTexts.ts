// Test helper: reproducible random texts for "never throws / always round-trips" tests. A fixed-seed
// linear congruential generator, so a failing text is the same on every run and can be pasted.

/** Options of {@link seededTexts}. */
export interface SeededTextOptions {
  /** The generator's starting state; each test picks its own so their texts differ. */
  readonly seed: number;
  /** How many texts to produce. */
  readonly count: number;
  /** How many alphabet pieces each text joins. */
  readonly pieces: number;
}

/** `count` texts, each `pieces` entries of `alphabet` drawn in a fixed pseudo-random order. */
export function* seededTexts(alphabet: readonly string[], options: SeededTextOptions): Generator<string> {
  let seed = options.seed;
  const next = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed;
  };
  for (let i = 0; i < options.count; i++) {
    const parts: string[] = [];
    for (let j = 0; j < options.pieces; j++) parts.push(alphabet[next() % alphabet.length] as string);
    yield parts.join('');
  }
}

/** A seeded pseudo-random source: `next(n)` is an integer in `[0, n)`, the same sequence on every run. */
export function seededRandom(seed: number): (n: number) => number {
  let state = seed >>> 0 || 1;
  return (n) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % n;
  };
}
