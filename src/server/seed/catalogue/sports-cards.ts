import type { Category } from '../../../contract/categories';
import type { Prng } from '../prng';
import type { CatalogueCard, Person } from './catalogue-card';
import { SPORTS_PEOPLE } from './sports-people';
import { type Product, SPORTS_PRODUCTS } from './sports-products';

/** Usual PSA 10 price of a base card of a 3-star athlete, per sports category (USD). */
const CATEGORY_LEVEL: Record<string, number> = {
  baseball: 55,
  basketball: 70,
  football: 50,
  soccer: 50,
  hockey: 45,
  wnba: 40,
  golf: 60,
  tennis: 45,
  racing: 40,
  combat: 35,
  wrestling: 30,
};

export const STAR_PRICE = [0.25, 0.6, 1.5, 5, 18] as const;

/** Every (product, year, athlete, parallel) card of the sports categories: "2018 Topps Chrome Shohei Ohtani #150 RC Refractor". */
export function sportsCards(category: Category, prng: Prng, asOfYear: number): CatalogueCard[] {
  const products = SPORTS_PRODUCTS[category] ?? [];
  const athletes = SPORTS_PEOPLE[category] ?? [];
  const cards: CatalogueCard[] = [];
  for (const product of products) {
    for (let year = product.from; year <= Math.min(product.to, asOfYear); year += 1) {
      for (const person of athletes) {
        if (!onCard(product, person, year)) continue;
        const rookie = year === person.from;
        const number = prng.int(1, product.maxNumber);
        const base =
          (CATEGORY_LEVEL[category] ?? 40) *
          product.level *
          (STAR_PRICE[person.star - 1] ?? 1) *
          (rookie ? 2.6 : 1) *
          (year < 2005 && person.star >= 4 ? 1.6 : 1) *
          Math.exp(0.35 * prng.normal());
        const demand =
          person.star ** 2 *
          (rookie ? 2 : 1) *
          (year >= asOfYear - 1 ? 2.5 : year >= asOfYear - 4 ? 1.4 : 1) *
          Math.exp(0.5 * prng.normal());
        for (const [suffix, priceMultiple, share] of product.variants) {
          if (suffix === 'Young Guns' && !rookie) continue;
          const title = [year, product.label, person.name, `#${number}`, rookie ? 'RC' : '', suffix]
            .filter((part) => part !== '')
            .join(' ');
          cards.push({
            category,
            label: product.label,
            title,
            basePrice: base * priceMultiple,
            popularity: demand * share,
            era: year < 1980 ? 'vintage' : 'modern',
          });
        }
      }
    }
  }
  return cards;
}

/** Active athletes, plus the greats (4 and 5 stars) on the legends inserts of recent lines. */
function onCard(product: Product, person: Person, year: number): boolean {
  if (product.tag !== undefined && product.tag !== person.tag) return false;
  if (year >= person.from && year <= person.to) return true;
  return person.star >= 4 && year > person.to && year >= 2016;
}
