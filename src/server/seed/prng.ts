/**
 * The seeded pseudo-random source of the demo market (mulberry32): the same seed gives the same
 * stream on every machine, so the same --seed and --as-of give byte-identical answers.
 */
export interface Prng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [low, high]. */
  int(low: number, high: number): number;
  /** Standard normal (Box-Muller). */
  normal(): number;
  /** True with the given probability. */
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Index drawn with probability proportional to its weight. */
  weighted(weights: readonly number[]): number;
}

export function createPrng(seed: number): Prng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (low, high) => low + Math.floor(next() * (high - low + 1)),
    normal: () => {
      const u = 1 - next();
      const v = next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    chance: (probability) => next() < probability,
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    weighted: (weights) => {
      let total = 0;
      for (const weight of weights) total += weight;
      let draw = next() * total;
      for (let i = 0; i < weights.length; i += 1) {
        draw -= weights[i] as number;
        if (draw < 0) return i;
      }
      return weights.length - 1;
    },
  };
}

/** A child stream whose values do not depend on how much of the parent was used before. */
export function derivePrng(seed: number, stream: number): Prng {
  return createPrng((Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) + Math.imul(stream, 0xc2b2ae35)) >>> 0);
}
