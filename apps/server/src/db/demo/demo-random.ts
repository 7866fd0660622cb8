/** A seeded pseudo-random source, so that a demo company can be generated again identically. */

/** mulberry32: a tiny, fast 32-bit generator; good enough for demo data, not for secrets. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export type Dice = ReturnType<typeof createDice>;

/** Helpers over a `() => number` in [0, 1). */
export function createDice(random: () => number) {
  /** An integer from `min` to `max`, both included. */
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  return {
    random,
    int,
    /** True with the given probability. */
    chance: (probability: number) => random() < probability,
    pick: <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!,
    /** A roughly normal value (the mean of three uniforms), mean 0, within ±spread. */
    jitter: (spread: number) => ((random() + random() + random()) / 3 - 0.5) * 2 * spread,
    /** `count` distinct items in random order (all of them when there are fewer). */
    sample: <T>(items: readonly T[], count: number): T[] => {
      const copy = [...items];
      const n = Math.min(count, copy.length);
      for (let i = 0; i < n; i++) {
        const j = int(i, copy.length - 1);
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, n);
    },
  };
}
