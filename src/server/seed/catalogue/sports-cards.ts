import type { Category } from '../../../contract/categories';
import { eraOfYear } from '../grade-model';
import type { Prng } from '../prng';
import { type CatalogueCard, freeNumber, type Person, printRunOf } from './catalogue-card';
import { knownNumber } from './known-numbers';
import { SPORTS_PEOPLE } from './sports-people';
import { type Product, SPORTS_PRODUCTS } from './sports-products';

/** Usual PSA 10 price of a modern base card of a 3-star athlete is about twice this (USD). */
const CATEGORY_LEVEL: Record<string, number> = {
  baseball: 16,
  basketball: 20,
  football: 16,
  soccer: 16,
  hockey: 14,
  wnba: 14,
  golf: 18,
  tennis: 15,
  racing: 14,
  combat: 12,
  wrestling: 10,
};

export const STAR_PRICE = [0.6, 1, 2, 5, 14] as const;

/** A 1980s-90s card's PSA 9 against a modern PSA 10 of the same appeal. */
const CLASSIC_PSA9_SHARE = 0.25;

/** Every (product, year, athlete, parallel) card of the sports categories: "2018 Topps Chrome Shohei Ohtani #150 RC Refractor". */
export function sportsCards(category: Category, prng: Prng, asOfYear: number): CatalogueCard[] {
  const products = SPORTS_PRODUCTS[category] ?? [];
  const athletes = SPORTS_PEOPLE[category] ?? [];
  const cards: CatalogueCard[] = [];
  for (const product of products) {
    for (let year = product.from; year <= Math.min(product.to, asOfYear); year += 1) {
      // A product's card number belongs to one player a year: the known numbers first, then free ones.
      const onThisCard = athletes.filter((person) => onCard(product, person, year));
      const used = new Set(
        onThisCard.flatMap((person) => knownNumber(year, product.label, person.name) ?? []),
      );
      for (const person of onThisCard) {
        const rookie = year === person.from;
        const number =
          knownNumber(year, product.label, person.name) ?? freeNumber(prng, product.maxNumber, used);
        const era = eraOfYear(year);
        const base =
          (CATEGORY_LEVEL[category] ?? 14) *
          product.level *
          (STAR_PRICE[person.star - 1] ?? 1) *
          (rookie ? 3 : 1) *
          (era === 'classic' ? CLASSIC_PSA9_SHARE : 1) *
          Math.exp(0.35 * prng.normal());
        const demand =
          person.star ** 2 *
          (rookie ? 2 : 1) *
          (year >= asOfYear - 1 ? 2.5 : year >= asOfYear - 4 ? 1.4 : 1) *
          Math.exp(0.5 * prng.normal());
        for (const [suffix, priceMultiple, share, since = 0] of product.variants) {
          if (year < since) continue;
          if (suffix === 'Young Guns' && !rookie) continue;
          const title = [
            year,
            product.label,
            person.name,
            `#${number}`,
            rookie ? 'RC' : '',
            suffix.replace('{year}', String(year)),
          ]
            .filter((part) => part !== '')
            .join(' ');
          const card: CatalogueCard = {
            category,
            label: product.label,
            title,
            basePrice: base * priceMultiple,
            popularity: demand * share,
            era,
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

/** Athletes in their card years, plus the greats (4 and 5 stars) on the legends inserts of recent lines. */
function onCard(product: Product, person: Person, year: number): boolean {
  if (product.tag !== undefined && product.tag !== person.tag) return false;
  if (year >= person.from && year <= person.to) return true;
  return person.star >= 4 && year > person.to && year >= 2016;
}
