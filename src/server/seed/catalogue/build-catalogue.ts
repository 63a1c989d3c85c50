import { CATEGORIES, type Category } from '../../../contract/categories';
import { derivePrng, type Prng } from '../prng';
import type { CatalogueCard } from './catalogue-card';
import { highendCards } from './highend-cards';
import { ICONIC_CARDS, middleOf } from './iconic-cards';
import { nonsportCards } from './nonsport-cards';
import { sportsCards } from './sports-cards';
import { magicCards, otherGameCards, pokemonCards, yugiohCards } from './tcg-cards';
import { vintageCards } from './vintage-cards';

/** Cards per category in the full market (about 22,000 in all); `small` keeps a tenth. */
const FULL_TARGET: Record<Category, number> = {
  baseball: 2900,
  basketball: 2900,
  football: 2700,
  soccer: 1500,
  hockey: 1200,
  wnba: 500,
  golf: 400,
  tennis: 400,
  racing: 600,
  combat: 500,
  wrestling: 600,
  pokemon: 2600,
  magic: 1400,
  yugioh: 1000,
  tcg: 1100,
  vintage: 1300,
  highend: 900,
  misc: 700,
  other: 400,
};

export type Scale = 'full' | 'small';

function candidates(category: Category, prng: Prng, asOfYear: number): CatalogueCard[] {
  switch (category) {
    case 'pokemon':
      return pokemonCards(prng, asOfYear);
    case 'magic':
      return magicCards(prng, asOfYear);
    case 'yugioh':
      return yugiohCards(prng, asOfYear);
    case 'tcg':
      return otherGameCards(prng, asOfYear);
    case 'vintage':
      return vintageCards(prng);
    case 'highend':
      return highendCards(prng, asOfYear);
    case 'misc':
    case 'other':
      return nonsportCards(category, prng, asOfYear);
    default:
      return sportsCards(category, prng, asOfYear);
  }
}

/**
 * The demo catalogue: every category's candidate cards, de-duplicated on (label, title), then a
 * seeded draw of the category's target count that keeps the most-wanted cards more often.
 */
export function buildCatalogue(seed: number, scale: Scale, asOfYear: number): CatalogueCard[] {
  const catalogue: CatalogueCard[] = [];
  CATEGORIES.forEach((category, index) => {
    const prng = derivePrng(seed, 1000 + index);
    const seen = new Set<string>();
    const unique = withIconicCards(category, candidates(category, prng, asOfYear)).filter((card) => {
      const key = `${card.label}\u0000${card.title}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    const target =
      scale === 'full' ? FULL_TARGET[category] : Math.max(40, Math.round(FULL_TARGET[category] / 10));
    catalogue.push(...drawCards(unique, target, prng));
  });
  return catalogue;
}

/**
 * Gives the category's iconic cards their anchors (ICONIC_CARDS): the card of the same title when
 * the catalogue makes it, else a card added for it.
 */
function withIconicCards(category: Category, cards: CatalogueCard[]): CatalogueCard[] {
  const byTitle = new Map(cards.map((card) => [card.title, card]));
  for (const iconic of ICONIC_CARDS.filter((item) => item.category === category)) {
    const anchors = Object.fromEntries(
      Object.entries(iconic.ranges).map(([grade, range]) => [grade, middleOf(range as [number, number])]),
    );
    const existing = byTitle.get(iconic.title);
    if (existing) {
      existing.anchors = anchors;
      existing.era = iconic.era;
      if (iconic.demand !== undefined) existing.popularity = iconic.demand;
      if (existing.label !== iconic.label) {
        throw new Error(`iconic card "${iconic.title}" is in label ${existing.label}, not ${iconic.label}`);
      }
      leadPlayer(existing, iconic.leads, cards);
      continue;
    }
    const card: CatalogueCard = {
      category,
      label: iconic.label,
      title: iconic.title,
      basePrice: 0,
      popularity: iconic.popularity ?? 20,
      era: iconic.era,
      anchors,
    };
    if (iconic.printRun !== undefined) card.printRun = iconic.printRun;
    leadPlayer(card, iconic.leads, cards);
    cards.push(card);
  }
  return cards;
}

/** How many times the demand of a player's most traded other card the flagship rookie's is. */
const LEAD_DEMAND = 4;

/** A flagship rookie out-trades every other card of its player (`person` in their titles). */
function leadPlayer(card: CatalogueCard, person: string | undefined, cards: readonly CatalogueCard[]): void {
  if (person === undefined) return;
  let most = 0;
  for (const other of cards) {
    if (other !== card && other.title.includes(person)) most = Math.max(most, other.popularity);
  }
  card.popularity = Math.max(card.popularity, LEAD_DEMAND * most);
}

/**
 * Keeps `target` cards (all when there are fewer), favouring demand, in their original order;
 * anchored (iconic) cards are always kept.
 */
function drawCards(cards: CatalogueCard[], target: number, prng: Prng): CatalogueCard[] {
  if (cards.length <= target) return cards;
  // Weighted sampling without replacement (Efraimidis-Spirakis keys), then back to catalogue order.
  const keyed = cards.map((card, index) => ({
    index,
    key:
      card.anchors === undefined
        ? Math.log(prng.next() || Number.MIN_VALUE) / Math.sqrt(card.popularity + 0.05)
        : Number.POSITIVE_INFINITY,
  }));
  keyed.sort((a, b) => b.key - a.key || a.index - b.index);
  return keyed
    .slice(0, target)
    .sort((a, b) => a.index - b.index)
    .map((item) => cards[item.index] as CatalogueCard);
}
