import type { Category } from '../../../contract/categories';
import type { Era, GradeAnchors } from '../grade-model';
import type { Prng } from '../prng';

/** One card of the demo catalogue, before prices and sales are drawn for it. */
export interface CatalogueCard {
  category: Category;
  label: string;
  title: string;
  /**
   * Price (USD) at the start of the 400 days, before the card's own path, of the grade its market
   * trades in: `REFERENCE_GRADE[era]` (PSA 10 for modern cards, PSA 9 for 1980-1999, PSA 8 for
   * vintage). Anchored cards ignore it: their anchors set their prices at the as-of.
   */
  basePrice: number;
  /** Relative sales volume: the demand for this card against the others. */
  popularity: number;
  era: Era;
  /** Copies made, for serial-numbered cards (`/25`, `1/1`); absent when unnumbered. */
  printRun?: number;
  /** Iconic cards: real prices by grade at the as-of (shared/market-references.md, docs). */
  anchors?: GradeAnchors;
}

/** A person on cards: card years (first card year first) and a 1..5 star rating that drives demand. */
export interface Person {
  name: string;
  from: number;
  to: number;
  star: number;
  /** Which products can carry this person (sport within a category, such as f1 or nascar). */
  tag: string;
}

/** Parses `Name|from|to|star[|tag]` lines. */
export function people(lines: string, defaultTag = ''): Person[] {
  return lines
    .trim()
    .split('\n')
    .map((line) => {
      const [name = '', from = '0', to = '0', star = '1', tag = defaultTag] = line.trim().split('|');
      return { name, from: Number(from), to: Number(to), star: Number(star), tag };
    });
}

/** The print run of a title's serial numbering (`/25` is 25, `1/1` is 1), or undefined. */
export function printRunOf(title: string): number | undefined {
  const match = /(?:^|\s)(?:\d+)?\/(\d+)(?:\s|$)/.exec(title);
  return match ? Number(match[1]) : undefined;
}

/**
 * A card number from 1 to `size` that no card of the set (or product and year) has yet: a drawn
 * number, or the next free one after it; marked taken. A number belongs to one card.
 */
export function freeNumber(prng: Prng, size: number, used: Set<string>): string {
  let number = prng.int(1, size);
  for (let tries = 0; used.has(String(number)) && tries < size; tries += 1) number = (number % size) + 1;
  used.add(String(number));
  return String(number);
}
