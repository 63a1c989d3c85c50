import type { Category } from '../../../contract/categories';
import { eraOfYear } from '../grade-model';
import type { Prng } from '../prng';
import { type CatalogueCard, printRunOf } from './catalogue-card';
import { knownNumber } from './known-numbers';

/** Non-sport lines (`misc`: entertainment franchises; `other`: everything else collectors grade). */
const NONSPORT: {
  category: Category;
  label: string;
  sets: [number, string][];
  subjects: string;
  level: number;
}[] = [
  {
    category: 'misc',
    label: 'Star Wars',
    sets: [
      [1977, 'Topps Star Wars'],
      [1980, 'Topps Empire Strikes Back'],
      [1983, 'Topps Return of the Jedi'],
      [2023, 'Topps Chrome Star Wars'],
      [2024, 'Topps Star Wars Galaxy'],
    ],
    subjects:
      'Luke Skywalker 5, Darth Vader 5, Han Solo 4, Princess Leia 4, Chewbacca 3, Yoda 4, Boba Fett 4, Obi-Wan Kenobi 3, R2-D2 3, C-3PO 2, Stormtrooper 2, Grogu 3 2019',
    level: 60,
  },
  {
    category: 'misc',
    label: 'Marvel',
    sets: [
      [1990, 'Marvel Universe'],
      [1992, 'Marvel Masterpieces'],
      [1994, 'Fleer Ultra X-Men'],
      [1996, 'Skybox Marvel Metal'],
      [2011, 'Upper Deck Marvel Beginnings'],
      [2024, 'Topps Chrome Marvel'],
    ],
    subjects:
      'Spider-Man 5, Wolverine 4, Venom 4, Iron Man 3, Captain America 3, Deadpool 4 1992, Thor 3, Hulk 3, Black Panther 3, Storm 2, Gambit 3, Thanos 3',
    level: 35,
  },
  {
    category: 'misc',
    label: 'Garbage Pail Kids',
    sets: [
      [1985, 'Topps Garbage Pail Kids Series 1'],
      [1986, 'Topps Garbage Pail Kids Series 2'],
      [2024, 'Topps Garbage Pail Kids Chrome'],
    ],
    subjects:
      'Adam Bomb 5, Blasted Billy 3, Nasty Nick 3, Evil Eddie 2, Ghastly Ashley 2, Potty Scotty 2, Split Kit 2, Up Chuck 2, Dead Ted 2, Junky Jeff 2',
    level: 30,
  },
  {
    category: 'misc',
    label: 'Disney',
    sets: [
      [1991, 'Pro Set Disney'],
      [2023, 'Topps Chrome Disney 100'],
      [2024, 'Topps Chrome Disney Pixar'],
    ],
    subjects:
      'Mickey Mouse 5, Minnie Mouse 3, Donald Duck 3, Goofy 2, Stitch 4 2002, Simba 3 1994, Elsa 3 2013, Buzz Lightyear 3 1995, Woody 3 1995, Ariel 2',
    level: 25,
  },
  {
    category: 'misc',
    label: 'DC Comics',
    sets: [
      [1992, 'Skybox DC Cosmic Cards'],
      [1994, 'Skybox DC Master Series'],
      [2024, 'Topps Chrome DC'],
    ],
    subjects:
      'Batman 5, Superman 4, Wonder Woman 3, Joker 4, Harley Quinn 3, The Flash 2, Green Lantern 2, Aquaman 2',
    level: 25,
  },
  {
    category: 'misc',
    label: 'Harry Potter',
    sets: [
      [2005, 'Artbox Harry Potter'],
      [2024, 'Topps Chrome Harry Potter'],
    ],
    subjects:
      'Harry Potter 5, Hermione Granger 4, Ron Weasley 3, Albus Dumbledore 3, Severus Snape 3, Lord Voldemort 3, Draco Malfoy 2',
    level: 20,
  },
  {
    category: 'other',
    label: 'Topps Now',
    sets: [
      [2020, 'Topps Now'],
      [2022, 'Topps Now'],
      [2024, 'Topps Now'],
      [2025, 'Topps Now'],
    ],
    subjects:
      'Moon Landing Anniversary 2, Space Shuttle Endeavour 2, Total Solar Eclipse 3 2024, Olympic Gold Medal 2, Taylor Swift Eras Tour 4 2023, Super Bowl Halftime 2',
    level: 20,
  },
  {
    category: 'other',
    label: 'Allen & Ginter',
    sets: [
      [2006, 'Topps Allen & Ginter'],
      [2012, 'Topps Allen & Ginter'],
      [2020, 'Topps Allen & Ginter'],
      [2024, 'Topps Allen & Ginter'],
    ],
    subjects:
      'Abraham Lincoln 3, George Washington 3, Albert Einstein 3, Amelia Earhart 2, Bruce Lee 3, Elvis Presley 4, Marilyn Monroe 3, Neil Armstrong 3',
    level: 25,
  },
  {
    category: 'other',
    label: 'Music',
    sets: [
      [1991, 'Pro Set MusiCards'],
      [1992, 'Impel Country Gold'],
      [2023, 'Topps Chrome Music'],
    ],
    subjects:
      'Michael Jackson 5, Madonna 3, Prince 3, Elvis Presley 4, Taylor Swift 4 2006, Johnny Cash 3, Dolly Parton 3, Tupac Shakur 3 1992',
    level: 20,
  },
  {
    category: 'other',
    label: 'Presidential',
    sets: [
      [2004, 'Topps Presidential Chrome'],
      [2016, 'Topps Now Presidential'],
      [2024, 'Decision 2024'],
    ],
    subjects:
      'Donald Trump 4 2016, Barack Obama 4 2008, John F. Kennedy 4, Ronald Reagan 3, Abraham Lincoln 3, Joe Biden 2 2008, Kamala Harris 2 2020, Theodore Roosevelt 2',
    level: 20,
  },
  {
    category: 'other',
    label: 'Olympics',
    sets: [
      [2012, 'Topps US Olympic Team'],
      [2021, 'Topps Chrome US Olympic Team'],
      [2024, 'Topps Chrome Paris Olympics'],
    ],
    subjects:
      "Simone Biles 4 2016, Michael Phelps 4, Usain Bolt 4, Katie Ledecky 3, Sha'Carri Richardson 2 2021, Noah Lyles 2 2016",
    level: 20,
  },
];

const VARIANTS: [string, number, number][] = [
  ['', 1, 1],
  ['Refractor', 2.5, 0.4],
  ['Sketch 1/1', 30, 0.03],
];

const STAR_PRICE = [0.25, 0.6, 1.5, 5, 15] as const;

/** "1977 Topps Star Wars Luke Skywalker #1": subjects of each line, base and chrome parallels. */
export function nonsportCards(category: Category, prng: Prng, asOfYear: number): CatalogueCard[] {
  const cards: CatalogueCard[] = [];
  for (const line of NONSPORT.filter((item) => item.category === category)) {
    const subjects = line.subjects.split(',').map((item) => {
      const match = /^(.*?)\s+(\d)(?:\s+(\d{4}))?$/.exec(item.trim());
      return {
        name: match?.[1] ?? item.trim(),
        star: Number(match?.[2] ?? 1),
        since: Number(match?.[3] ?? 0),
      };
    });
    for (const [year, setName] of line.sets.filter(([year]) => year <= asOfYear)) {
      for (const subject of subjects) {
        if (year < subject.since) continue;
        const number = knownNumber(year, setName, subject.name) ?? String(prng.int(1, 220));
        // Refractors and sketch cards only in the chrome-era sets.
        const variants = year >= 2000 ? VARIANTS : VARIANTS.slice(0, 1);
        const era = eraOfYear(year);
        // `basePrice` is the price of the era's trading grade (PSA 8 before 1980, PSA 9 to 1999).
        const base =
          line.level *
          (STAR_PRICE[subject.star - 1] ?? 1) *
          (year < 1995 ? 1.5 : 1) *
          Math.exp(0.35 * prng.normal());
        for (const [suffix, multiple, share] of variants) {
          const title = [year, setName, subject.name, `#${number}`, suffix]
            .filter((part) => part !== '')
            .join(' ');
          const card: CatalogueCard = {
            category,
            label: line.label,
            title,
            basePrice: base * multiple,
            popularity: subject.star ** 2 * share * Math.exp(0.4 * prng.normal()),
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
