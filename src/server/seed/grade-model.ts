import type { Prng } from './prng';

/**
 * Which grades of a card change hands, and what each is worth, by the card's era and gem rate
 * (shared/market-references.md, "Shapes of the market"):
 *
 * - vintage (before 1980): 10s barely exist and are worth 7 to 40 times a 9; sales sit in mid grades;
 * - classic (1980-1999, and the first trading-card-game printings): 10s rare, 4 to 10 times a 9;
 * - modern (2000-2015): 10s common, 2.3 to 4 times a 9;
 * - ultra (2016 on): 10s the usual grade, 2 to 2.5 times a 9, and a 9 sells near raw.
 *
 * BGS 10 (Black Label) sells above PSA 10, BGS 9.5 below it; raw sells below graded, except where
 * a modern card's 9s trade near raw. A slab sells for at least about $15 whatever the card (grading
 * costs about $25), a raw card for at least about $1.
 */
export type Era = 'vintage' | 'classic' | 'modern' | 'ultra';

export const ERAS: readonly Era[] = ['vintage', 'classic', 'modern', 'ultra'];

/** The lowest price a slab (any graded copy) sells or is listed for, and a raw card. */
export const GRADED_MIN_PRICE = 15;
export const RAW_MIN_PRICE = 1;
/** Model price of a slab whose card is worth less than the slab: what bare slabs change hands at. */
export const GRADED_FLOOR = 18;
export const RAW_FLOOR = 1.25;

export const floorOf = (grade: string): number => (grade === 'Raw' ? RAW_FLOOR : GRADED_FLOOR);

/** The grade whose price a catalogue card's `basePrice` gives, by era (where its market trades). */
export const REFERENCE_GRADE: Record<Era, string> = {
  vintage: 'PSA 8',
  classic: 'PSA 9',
  modern: 'PSA 10',
  ultra: 'PSA 10',
};

export function eraOfYear(year: number): Era {
  if (year < 1980) return 'vintage';
  if (year < 2000) return 'classic';
  if (year < 2016) return 'modern';
  return 'ultra';
}

/** [grade, share of sales] per era; shares need not add up to 1. */
const MIXES: Record<Era, [string, number][]> = {
  vintage: [
    ['PSA 10', 0.002],
    ['PSA 9', 0.02],
    ['PSA 8', 0.09],
    ['PSA 7', 0.14],
    ['PSA 6', 0.15],
    ['PSA 5', 0.14],
    ['PSA 4', 0.12],
    ['PSA 3', 0.09],
    ['PSA 2', 0.06],
    ['PSA 1', 0.03],
    ['SGC 8', 0.04],
    ['SGC 6', 0.04],
    ['BGS 8', 0.01],
    ['Raw', 0.07],
  ],
  classic: [
    ['PSA 10', 0.07],
    ['PSA 9', 0.22],
    ['PSA 8', 0.17],
    ['PSA 7', 0.08],
    ['PSA 6', 0.04],
    ['PSA 5', 0.02],
    ['BGS 9.5', 0.04],
    ['BGS 9', 0.03],
    ['CGC 9.5', 0.02],
    ['SGC 9', 0.02],
    ['Raw', 0.2],
  ],
  modern: [
    ['PSA 10', 0.24],
    ['PSA 9', 0.24],
    ['PSA 8', 0.08],
    ['PSA 7', 0.03],
    ['BGS 10', 0.005],
    ['BGS 9.5', 0.08],
    ['BGS 9', 0.04],
    ['CGC 10', 0.02],
    ['CGC 9.5', 0.02],
    ['SGC 10', 0.02],
    ['Raw', 0.18],
  ],
  ultra: [
    ['PSA 10', 0.38],
    ['PSA 9', 0.18],
    ['PSA 8', 0.04],
    ['BGS 10', 0.008],
    ['BGS 9.5', 0.06],
    ['BGS 9', 0.02],
    ['CGC 10', 0.04],
    ['CGC 9.5', 0.02],
    ['SGC 10', 0.03],
    ['SGC 9.5', 0.01],
    ['TAG 10', 0.03],
    ['Raw', 0.16],
  ],
};

/** Every grade a card of the era has a price for (the mix's grades, plus those anchors name). */
interface EraShape {
  /** PSA 10 / PSA 9, drawn log-uniformly per card. */
  tenToNine: [number, number];
  /** PSA 9 / PSA 8. */
  nineToEight: [number, number];
  /** PSA n+1 / PSA n for n = 7 down to 1. */
  lowerSteps: number[];
  /** Raw against the PSA grade it trades like, and that grade. */
  raw: { like: number; low: number; high: number };
}

const SHAPES: Record<Era, EraShape> = {
  vintage: {
    tenToNine: [7, 40],
    nineToEight: [2.5, 6],
    lowerSteps: [1.6, 1.35, 1.3, 1.25, 1.25, 1.2, 1.3],
    raw: { like: 3, low: 0.8, high: 1.2 },
  },
  classic: {
    tenToNine: [4, 10],
    nineToEight: [2, 3.2],
    lowerSteps: [1.5, 1.3, 1.25, 1.2, 1.2, 1.2, 1.2],
    // Off-centre copies stay raw (the 1986 Fleer): raw trades like a PSA 6, under 0.6 x PSA 8.
    raw: { like: 6, low: 0.7, high: 1.1 },
  },
  modern: {
    tenToNine: [2.3, 4],
    nineToEight: [1.6, 2.2],
    lowerSteps: [1.4, 1.25, 1.2, 1.2, 1.2, 1.2, 1.2],
    raw: { like: 8, low: 0.6, high: 1 },
  },
  ultra: {
    tenToNine: [2, 2.5],
    nineToEight: [1.4, 1.8],
    lowerSteps: [1.3, 1.2, 1.2, 1.2, 1.2, 1.2, 1.2],
    raw: { like: 9, low: 0.55, high: 1 },
  },
};

/** A price at the as-of for one grade of an anchored card (USD). */
export type GradeAnchors = Partial<Record<string, number>>;

/**
 * One card's grades: which trade and how often, and each one's price as a multiple of the card's
 * PSA 9 price (the card's level). Prices below the floors are lifted to them by `modelPrice`.
 */
export interface GradeProfile {
  grades: string[];
  /** Cumulative share of sales, ending at 1 (0-share grades are priced but never drawn). */
  cumulative: Float64Array;
  /** Price against PSA 9. */
  multiple: Float64Array;
}

/**
 * Draws a card's ladder for its era; `anchors` (iconic cards) pin the named grades' prices at the
 * as-of: the ladder passes through them exactly and keeps the era's shape between and beyond
 * them. Returns the profile and the card's PSA 9 price at the as-of implied by the anchors (null
 * when there are none).
 */
export function gradeProfile(
  era: Era,
  prng: Prng,
  anchors?: GradeAnchors,
  mixOverride?: [string, number][],
): { profile: GradeProfile; psa9AtAsOf: number | null } {
  const shape = SHAPES[era];
  const logUniform = ([low, high]: [number, number]) => low * (high / low) ** prng.next();
  // ln price against PSA 9, for PSA 1..10 (index = grade number).
  const psa = new Float64Array(11);
  psa[10] = Math.log(logUniform(shape.tenToNine));
  psa[9] = 0;
  psa[8] = -Math.log(logUniform(shape.nineToEight));
  for (let grade = 7; grade >= 1; grade -= 1) {
    psa[grade] = (psa[grade + 1] as number) - Math.log(shape.lowerSteps[7 - grade] as number);
  }
  const rawLike = shape.raw.like;
  const rawFactor = shape.raw.low + (shape.raw.high - shape.raw.low) * prng.next();
  const bgsBlack = 1.6 + 1.2 * prng.next();

  const p = (n: number) => Math.exp(psa[n] as number);
  /** Price against PSA 9 by the era's rules, before any grade is pinned by an anchor. */
  const ruleMultiple = (grade: string): number => {
    switch (grade) {
      case 'Raw':
        return p(rawLike) * rawFactor;
      case 'BGS 10':
        return p(10) * bgsBlack;
      case 'BGS 9.5':
        return Math.max(p(10) * 0.55, p(9) * 1.1);
      case 'BGS 9':
        return p(9) / 1.15;
      case 'BGS 8':
        return p(8) / 1.2;
      case 'CGC 10':
        return Math.max(p(10) * 0.5, p(9) * 1.05);
      case 'CGC 9.5':
        return p(9);
      case 'SGC 10':
      case 'TAG 10':
        return Math.max(p(10) * 0.6, p(9) * 1.05);
      case 'SGC 9.5':
        return p(9) * 1.1;
      case 'SGC 9':
        return p(9) / 1.1;
      case 'SGC 8':
        return p(8) / 1.15;
      case 'SGC 6':
        return p(6) / 1.15;
      default: {
        const number = psaNumber(grade) ?? Number(grade.split(' ')[1]);
        if (!(number >= 1 && number <= 10)) throw new Error(`no price rule for grade ${grade}`);
        // Other graders' grades trade like PSA's; a half grade halfway (geometrically) up.
        return Math.sqrt(p(Math.floor(number)) * p(Math.ceil(number)));
      }
    }
  };

  let psa9AtAsOf: number | null = null;
  const pinned = new Map<string, number>();
  if (anchors) {
    // Level implied by each anchored PSA grade; other grades follow the nearest anchors' levels,
    // interpolated by grade number, so the ladder keeps the era's shape between them. A card
    // anchored in other graders' grades only (BGS 9.5) takes its level from the era's usual price
    // of that grade. Either way every anchored grade is then pinned exactly.
    const implied: [number, number][] = [];
    for (const [grade, price] of Object.entries(anchors)) {
      if (price === undefined) continue;
      const number = psaNumber(grade);
      if (number !== null) implied.push([number, Math.log(price) - (psa[number] as number)]);
      else pinned.set(grade, Math.log(price));
    }
    implied.sort((a, b) => a[0] - b[0]);
    if (implied.length > 0) {
      const levelAt = (number: number): number => interpolate(implied, number);
      const level9 = levelAt(9);
      for (let grade = 1; grade <= 10; grade += 1) {
        psa[grade] = (psa[grade] as number) + levelAt(grade) - level9;
      }
      psa9AtAsOf = Math.exp(level9);
    } else {
      const [grade, log] = [...pinned][0] as [string, number];
      psa9AtAsOf = Math.exp(log) / ruleMultiple(grade);
    }
  }

  const multipleOf = (grade: string): number => {
    const pinnedLog = pinned.get(grade);
    if (pinnedLog !== undefined && psa9AtAsOf !== null) return Math.exp(pinnedLog) / psa9AtAsOf;
    return ruleMultiple(grade);
  };

  const rows = [...(mixOverride ?? MIXES[era])];
  // Every anchored grade is priced, traded in the era or not (a 1986 Fleer Jordan in PSA 1).
  for (const grade of Object.keys(anchors ?? {})) if (!rows.some(([g]) => g === grade)) rows.push([grade, 0]);
  const total = rows.reduce((sum, [, share]) => sum + share, 0);
  let running = 0;
  return {
    profile: {
      grades: rows.map(([grade]) => grade),
      cumulative: Float64Array.from(rows, ([, share]) => {
        running += share / total;
        return running;
      }),
      multiple: Float64Array.from(rows, ([grade]) => multipleOf(grade)),
    },
    psa9AtAsOf,
  };
}

function psaNumber(grade: string): number | null {
  const match = /^PSA (\d+)$/.exec(grade);
  return match ? Number(match[1]) : null;
}

/** Piecewise-linear through sorted points, flat beyond the ends. */
function interpolate(points: [number, number][], x: number): number {
  const first = points[0] as [number, number];
  const last = points[points.length - 1] as [number, number];
  if (x <= first[0]) return first[1];
  if (x >= last[0]) return last[1];
  for (let i = 1; i < points.length; i += 1) {
    const [x1, y1] = points[i] as [number, number];
    const [x0, y0] = points[i - 1] as [number, number];
    if (x <= x1) return y0 + ((x - x0) / (x1 - x0)) * (y1 - y0);
  }
  return last[1];
}

/** Index of a grade drawn by its share. */
export function drawGrade(profile: GradeProfile, prng: Prng): number {
  const u = prng.next();
  const { cumulative } = profile;
  for (let i = 0; i < cumulative.length; i += 1) if (u < (cumulative[i] as number)) return i;
  return cumulative.length - 1;
}

/** The model (true) price of a grade: the card's PSA 9 level times the grade's multiple, floored. */
export function modelPrice(psa9Level: number, multiple: number, grade: string): number {
  return Math.max(floorOf(grade), psa9Level * multiple);
}
