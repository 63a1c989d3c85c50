import type { Category } from '../../../contract/categories';

/** One card of the demo catalogue, before prices and sales are drawn for it. */
export interface CatalogueCard {
  category: Category;
  label: string;
  title: string;
  /** Price of a PSA 10 copy (USD) at the start of the 400 days, before the card's own path. */
  basePrice: number;
  /** Relative sales volume: the demand for this card against the others. */
  popularity: number;
  /** Vintage cards trade mostly in mid grades and carry a far larger gem-mint premium. */
  era: 'modern' | 'vintage';
}

/** A person on cards: active years (rookie year first) and a 1..5 star rating that drives demand. */
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
