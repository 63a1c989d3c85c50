import { eraOfYear } from '../grade-model';
import type { Prng } from '../prng';
import { type CatalogueCard, printRunOf } from './catalogue-card';
import { STAR_PRICE } from './sports-cards';
import { SPORTS_PEOPLE } from './sports-people';

/** Ultra-premium product lines (the labels of `highend`) and the sports they carry. */
const HIGHEND_PRODUCTS: { label: string; from: number; to: number; sports: string[]; level: number }[] = [
  {
    label: 'National Treasures',
    from: 2008,
    to: 2026,
    sports: ['basketball', 'football', 'baseball', 'soccer'],
    level: 1.3,
  },
  { label: 'Flawless', from: 2013, to: 2026, sports: ['basketball', 'football', 'soccer'], level: 1.5 },
  {
    label: 'Immaculate Collection',
    from: 2013,
    to: 2026,
    sports: ['basketball', 'football', 'baseball', 'soccer'],
    level: 1.1,
  },
  { label: 'Exquisite Collection', from: 2003, to: 2026, sports: ['basketball', 'football'], level: 1.6 },
  { label: 'Panini One', from: 2018, to: 2026, sports: ['basketball', 'football'], level: 0.9 },
  { label: 'Topps Dynasty', from: 2015, to: 2026, sports: ['baseball'], level: 1.2 },
  { label: 'Topps Transcendent', from: 2019, to: 2026, sports: ['baseball'], level: 1.6 },
  { label: 'Bowman Sterling', from: 2004, to: 2026, sports: ['baseball'], level: 0.8 },
  { label: 'Upper Deck The Cup', from: 2005, to: 2026, sports: ['hockey'], level: 1.4 },
  { label: 'Topps Dynasty Formula 1', from: 2021, to: 2026, sports: ['racing'], level: 1.3 },
];

/** [suffix, price multiple, demand share] */
const HIGHEND_VARIANTS: [string, number, number][] = [
  ['RPA /99', 1, 1],
  ['Rookie Patch Auto /25', 2.6, 0.4],
  ['Booklet Patch Auto /10', 4.5, 0.15],
  ['Logoman Auto 1/1', 25, 0.03],
];

/** "2020 National Treasures Justin Herbert RPA /99": rookies and stars of each sport, autographs and patches. */
export function highendCards(prng: Prng, asOfYear: number): CatalogueCard[] {
  const cards: CatalogueCard[] = [];
  for (const product of HIGHEND_PRODUCTS) {
    for (const sport of product.sports) {
      for (const person of SPORTS_PEOPLE[sport] ?? []) {
        if (person.tag !== '' && person.tag !== 'f1') continue;
        const year = Math.max(person.from, product.from);
        if (year > Math.min(product.to, person.to, asOfYear)) continue;
        const rookie = year === person.from;
        const variants = rookie
          ? HIGHEND_VARIANTS
          : HIGHEND_VARIANTS.map(
              ([s, m, d]) => [s.replace(/^RPA|^Rookie /, ''), m, d] as [string, number, number],
            );
        const base =
          600 * product.level * (STAR_PRICE[person.star - 1] ?? 1) * Math.exp(0.35 * prng.normal());
        const demand = person.star ** 2 * (rookie ? 1.5 : 1) * Math.exp(0.4 * prng.normal());
        for (const [suffix, multiple, share] of variants) {
          const cleanSuffix = suffix.trim() === '/99' ? 'Patch Auto /99' : suffix.trim();
          const title = `${year} ${product.label} ${person.name} ${cleanSuffix}`;
          const card: CatalogueCard = {
            category: 'highend',
            label: product.label,
            title,
            basePrice: base * multiple,
            popularity: demand * share,
            era: eraOfYear(year),
          };
          const printRun = printRunOf(title);
          if (printRun !== undefined) card.printRun = printRun;
          cards.push(card);
        }
      }
    }
  }
  return cards;
}
