import type { Category } from '../../../contract/categories';
import { type Era, eraOfYear } from '../grade-model';
import type { Prng } from '../prng';
import { type CatalogueCard, freeNumber } from './catalogue-card';
import { knownNumber } from './known-numbers';
import {
  MAGIC_ABU_ONLY,
  MAGIC_CARDS,
  MAGIC_POWER,
  MAGIC_SETS,
  OTHER_GAMES,
  POKEMON_NAMES,
  POKEMON_SETS,
  type TcgSet,
  YUGIOH_NAMES,
  YUGIOH_SETS,
} from './tcg-sets';

type Rarity = [string, number, number];
interface Named {
  name: string;
  star: number;
  /** First year the card could be printed (0: always). */
  since: number;
}

/**
 * Rarities by print era: [suffix, price multiple, demand share]. Wizards of the Coast's Pokemon
 * sets carry an edition instead (1st Edition, Shadowless: printed before the name, as collectors
 * write it); Reverse Holo starts with Legendary Collection, Gold Stars with the later EX sets.
 */
const RARITIES: Record<string, Rarity[]> = {
  'wotc-base': [
    ['', 1, 1],
    ['1st Edition', 18, 0.3],
    ['Shadowless', 3, 0.35],
  ],
  wotc: [
    ['', 1, 1],
    ['1st Edition', 3.5, 0.35],
  ],
  'wotc-reprint': [['', 1, 1]],
  'e-card': [
    ['Holo', 1, 1],
    ['Reverse Holo', 0.6, 0.3],
  ],
  ex: [
    ['Holo', 1, 1],
    ['ex', 2.5, 0.5],
  ],
  'ex-gold-star': [
    ['Holo', 1, 1],
    ['ex', 2.5, 0.5],
    ['Gold Star', 12, 0.1],
  ],
  dp: [
    ['Holo', 1, 1],
    ['Lv.X', 2.5, 0.5],
  ],
  hgss: [
    ['Holo', 1, 1],
    ['Prime', 2, 0.4],
    ['LEGEND', 3, 0.2],
  ],
  xy: [
    ['Holo', 1, 1],
    ['EX', 2, 0.5],
    ['Full Art', 3, 0.3],
  ],
  sm: [
    ['GX', 1, 1],
    ['Shiny Vault', 2.5, 0.5],
    ['Rainbow Rare', 3, 0.3],
  ],
  modern: [
    ['V', 1, 1],
    ['VMAX', 1.6, 0.7],
    ['VMAX Alt Art', 4, 0.35],
    ['Secret Rare', 3, 0.2],
  ],
  sv: [
    ['ex', 1, 1],
    ['Illustration Rare', 2.2, 0.6],
    ['Special Illustration Rare', 6, 0.4],
    ['Hyper Rare', 3, 0.15],
  ],
  abu: [['', 1, 1]],
  old: [['', 1, 1]],
  revised: [['', 1, 1]],
  foil: [
    ['', 1, 1],
    ['Foil', 3, 0.4],
  ],
  mtg: [
    ['', 1, 1],
    ['Foil', 2, 0.5],
    ['Borderless', 2.5, 0.4],
    ['Serialized', 40, 0.04],
  ],
  classic: [
    ['1st Edition Ultra Rare', 1, 1],
    ['Unlimited Ultra Rare', 0.3, 0.8],
    ['1st Edition Secret Rare', 2.2, 0.3],
  ],
  ygo: [
    ['Secret Rare', 1, 1],
    ['Quarter Century Secret Rare', 3, 0.5],
    ['Starlight Rare', 10, 0.12],
  ],
  op: [
    ['', 1, 1],
    ['Alternate Art', 4, 0.5],
    ['Manga Rare', 20, 0.08],
  ],
  lorcana: [
    ['', 1, 1],
    ['Foil', 2, 0.5],
    ['Enchanted', 15, 0.15],
  ],
  other: [
    ['', 1, 1],
    ['Alternate Art', 3, 0.4],
    ['Serialized', 20, 0.05],
  ],
};

const STAR_PRICE = [0.4, 0.8, 1.6, 4, 12] as const;

/** The Base Set holos (numbers 1 to 16) and its most-wanted common, Pikachu #58. */
const BASE_SET = `Alakazam 2, Blastoise 4, Chansey 1, Charizard 5, Clefairy 1, Gyarados 3, Hitmonchan 1, Machamp 2, Magneton 1,
Mewtwo 4, Nidoking 1, Ninetales 2, Poliwrath 1, Raichu 2, Venusaur 3, Zapdos 2, Pikachu 5`;
const BASE_SET_NUMBERS: Record<string, number> = {
  Alakazam: 1,
  Blastoise: 2,
  Chansey: 3,
  Charizard: 4,
  Clefairy: 5,
  Gyarados: 6,
  Hitmonchan: 7,
  Machamp: 8,
  Magneton: 9,
  Mewtwo: 10,
  Nidoking: 11,
  Ninetales: 12,
  Poliwrath: 13,
  Raichu: 14,
  Venusaur: 15,
  Zapdos: 16,
  Pikachu: 58,
};

function names(list: string): Named[] {
  return list
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => {
      const match = /^(.*?)\s+(\d)(?:\s+(\d{4}))?$/.exec(item);
      return { name: match?.[1] ?? item, star: Number(match?.[2] ?? 1), since: Number(match?.[3] ?? 0) };
    });
}

/**
 * The set's chase names, then `count` more distinct names that exist by `year`, the popular ones
 * more often.
 */
function sampleNames(prng: Prng, pool: Named[], count: number, tcgSet: TcgSet): Named[] {
  const chosen: Named[] = (tcgSet.chase ?? []).map(
    (name) => pool.find((named) => named.name === name) ?? { name, star: 5, since: 0 },
  );
  const left = pool.filter((named) => named.since <= tcgSet.year && !tcgSet.chase?.includes(named.name));
  while (chosen.length < count && left.length > 0) {
    const index = prng.weighted(left.map((item) => item.star));
    chosen.push(left[index] as Named);
    left.splice(index, 1);
  }
  return chosen;
}

function tcgCard(
  category: Category,
  label: string,
  title: string,
  base: number,
  named: Named,
  rarity: Rarity,
  prng: Prng,
  year: number,
): CatalogueCard {
  return {
    category,
    label,
    title,
    basePrice: base * (STAR_PRICE[named.star - 1] ?? 1) * rarity[1] * Math.exp(0.35 * prng.normal()),
    popularity: named.star ** 2 * rarity[2] * Math.exp(0.45 * prng.normal()),
    era: tcgEra(year),
  };
}

/** The first printings (to 2003) grade like 1980s-90s cards: 10s rare. */
const tcgEra = (year: number): Era => (year <= 2003 ? 'classic' : eraOfYear(year));

const ageLevel = (year: number, asOfYear: number): number =>
  year < 2004 ? 3 : year < 2015 ? 1.6 : year >= asOfYear - 1 ? 1.1 : 1;

const WOTC_ERAS = new Set(['wotc-base', 'wotc', 'wotc-reprint']);

export function pokemonCards(prng: Prng, asOfYear: number): CatalogueCard[] {
  const pool = names(POKEMON_NAMES);
  const cards: CatalogueCard[] = [];
  // The WotC reprint sets (Base Set 2, Legendary Collection) reprint first-generation cards only.
  const firstGeneration = pool.filter((named) => named.since <= 1999);
  for (const tcgSet of POKEMON_SETS.filter((s) => s.year <= asOfYear)) {
    const chosen =
      tcgSet.label === 'Base Set'
        ? names(BASE_SET)
        : sampleNames(prng, tcgSet.era === 'wotc-reprint' ? firstGeneration : pool, prng.int(18, 30), tcgSet);
    const wotc = WOTC_ERAS.has(tcgSet.era);
    // A set's card number belongs to one card: the known numbers first, then free ones.
    const used = new Set<string>();
    const knownOf = (name: string, rarity: string) =>
      BASE_SET_NUMBERS[name] !== undefined && tcgSet.label === 'Base Set'
        ? String(BASE_SET_NUMBERS[name])
        : knownNumber(tcgSet.year, tcgSet.label, name, rarity);
    for (const named of chosen) {
      for (const rarity of RARITIES[tcgSet.era] ?? []) {
        const known = knownOf(named.name, rarity[0]);
        if (known !== undefined) used.add(known);
      }
    }
    // Classic sets' PSA 9 (their trading grade) against a modern set's PSA 10.
    const base = (wotc || tcgSet.era === 'e-card' ? 30 : 45) * ageLevel(tcgSet.year, asOfYear);
    for (const named of chosen) {
      const holo = !(tcgSet.label === 'Base Set' && named.name === 'Pikachu');
      // A WotC card's editions (1st Edition, Shadowless, Unlimited) are one card: one number.
      const knownEdition = (RARITIES[tcgSet.era] ?? [])
        .map((rarity) => knownOf(named.name, rarity[0]))
        .find((number) => number !== undefined);
      const edition = wotc ? (knownEdition ?? freeNumber(prng, tcgSet.size, used)) : null;
      for (const rarity of RARITIES[tcgSet.era] ?? []) {
        const number = knownOf(named.name, rarity[0]) ?? edition ?? freeNumber(prng, tcgSet.size, used);
        const words = wotc ? [rarity[0], named.name, holo ? 'Holo' : ''] : [named.name, rarity[0]];
        const title = [tcgSet.year, 'Pokemon', tcgSet.label, ...words, `#${number}`]
          .filter((part) => part !== '')
          .join(' ');
        cards.push(tcgCard('pokemon', tcgSet.label, title, base, named, rarity, prng, tcgSet.year));
      }
    }
  }
  return cards;
}

/** Alpha, Beta and Unlimited: the Power Nine, duals and staples; Revised: its reprints of them. */
export function magicCards(prng: Prng, asOfYear: number): CatalogueCard[] {
  const power = names(MAGIC_POWER);
  const abuOnly = names(MAGIC_ABU_ONLY);
  const printed = MAGIC_CARDS.trim()
    .split('\n')
    .map((line) => {
      const [name = '', star = '1', sets = ''] = line.split('|');
      return { named: { name, star: Number(star), since: 0 }, sets: sets.split(';') };
    });
  const setLevel: Record<string, number> = {
    Alpha: 40,
    Beta: 20,
    Unlimited: 5,
    Revised: 3,
    'Arabian Nights': 6,
    Antiquities: 4,
    Legends: 5,
  };
  const cards: CatalogueCard[] = [];
  for (const tcgSet of MAGIC_SETS.filter((s) => s.year <= asOfYear)) {
    const chosen =
      tcgSet.era === 'abu'
        ? [...power, ...abuOnly]
        : tcgSet.era === 'revised'
          ? power.slice(9)
          : printed.filter((card) => card.sets.includes(tcgSet.label)).map((card) => card.named);
    const era = tcgSet.era === 'modern' ? 'mtg' : tcgSet.era;
    for (const named of chosen) {
      for (const rarity of RARITIES[era] ?? []) {
        if (rarity[0] === 'Serialized' && tcgSet.year < 2022) continue;
        if (rarity[0] === 'Borderless' && tcgSet.year < 2019) continue;
        const title = [tcgSet.year, 'Magic The Gathering', tcgSet.label, named.name, rarity[0]]
          .filter((part) => part !== '')
          .join(' ');
        const base = 60 * (setLevel[tcgSet.label] ?? ageLevel(tcgSet.year, asOfYear));
        cards.push(tcgCard('magic', tcgSet.label, title, base, named, rarity, prng, tcgSet.year));
      }
    }
  }
  return cards;
}

const pad3 = (value: number): string => String(value).padStart(3, '0');

export function yugiohCards(prng: Prng, asOfYear: number): CatalogueCard[] {
  const pool = names(YUGIOH_NAMES);
  const cards: CatalogueCard[] = [];
  for (const tcgSet of YUGIOH_SETS.filter((s) => s.year <= asOfYear)) {
    const classic = tcgSet.era === 'classic';
    const sampled = sampleNames(prng, pool, prng.int(12, 20), tcgSet);
    const used = new Set(
      sampled
        .flatMap((named) => knownNumber(tcgSet.year, tcgSet.label, named.name) ?? [])
        .map(Number)
        .map(String),
    );
    for (const named of sampled) {
      const number =
        knownNumber(tcgSet.year, tcgSet.label, named.name) ??
        pad3(Number(freeNumber(prng, tcgSet.size, used)));
      const code = `${tcgSet.code}-${classic ? '' : 'EN'}${number}`;
      for (const rarity of RARITIES[classic ? 'classic' : 'ygo'] ?? []) {
        const title = `${tcgSet.year} Yu-Gi-Oh ${tcgSet.label} ${named.name} ${code} ${rarity[0]}`;
        const base = 40 * ageLevel(tcgSet.year, asOfYear);
        cards.push(tcgCard('yugioh', tcgSet.label, title, base, named, rarity, prng, tcgSet.year));
      }
    }
  }
  return cards;
}

export function otherGameCards(prng: Prng, asOfYear: number): CatalogueCard[] {
  const cards: CatalogueCard[] = [];
  for (const game of OTHER_GAMES) {
    const pool = names(game.names);
    for (const tcgSet of game.sets.filter((s: TcgSet) => s.year <= asOfYear)) {
      for (const named of sampleNames(prng, pool, Math.min(pool.length, prng.int(8, 14)), tcgSet)) {
        const code =
          tcgSet.code === undefined
            ? `#${prng.int(1, tcgSet.size)}`
            : `${tcgSet.code}-${pad3(prng.int(1, tcgSet.size))}`;
        for (const rarity of RARITIES[tcgSet.era] ?? RARITIES.other ?? []) {
          const known = knownNumber(tcgSet.year, tcgSet.label, named.name, rarity[0]);
          const title = [
            tcgSet.year,
            game.prefix,
            tcgSet.label,
            named.name,
            known ? `#${known}` : code,
            rarity[0],
          ]
            .filter((part) => part !== '')
            .join(' ');
          cards.push(tcgCard('tcg', game.label, title, 25, named, rarity, prng, tcgSet.year));
        }
      }
    }
  }
  return cards;
}
