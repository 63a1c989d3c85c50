import type { Prng } from '../prng';
import { type CatalogueCard, people } from './catalogue-card';
import { knownNumber } from './known-numbers';

/** Vintage sets (the labels of `vintage`): year, maker, sport, card count (0: unnumbered, as T206). */
const VINTAGE_SETS: { label: string; year: number; sport: string; maxNumber: number; level: number }[] = [
  { label: '1909 T206', year: 1909, sport: 'baseball', maxNumber: 0, level: 30 },
  { label: '1933 Goudey', year: 1933, sport: 'baseball', maxNumber: 240, level: 12 },
  { label: '1948 Leaf', year: 1948, sport: 'baseball', maxNumber: 168, level: 6 },
  { label: '1951 Bowman', year: 1951, sport: 'baseball', maxNumber: 324, level: 3.5 },
  { label: '1952 Topps', year: 1952, sport: 'baseball', maxNumber: 407, level: 4 },
  { label: '1953 Topps', year: 1953, sport: 'baseball', maxNumber: 280, level: 2.5 },
  { label: '1954 Topps', year: 1954, sport: 'baseball', maxNumber: 250, level: 2.5 },
  { label: '1955 Topps', year: 1955, sport: 'baseball', maxNumber: 206, level: 2.2 },
  { label: '1956 Topps', year: 1956, sport: 'baseball', maxNumber: 340, level: 1.8 },
  { label: '1957 Topps', year: 1957, sport: 'baseball', maxNumber: 407, level: 1.6 },
  { label: '1959 Topps', year: 1959, sport: 'baseball', maxNumber: 572, level: 1.3 },
  { label: '1963 Topps', year: 1963, sport: 'baseball', maxNumber: 576, level: 1.2 },
  { label: '1968 Topps', year: 1968, sport: 'baseball', maxNumber: 598, level: 1.1 },
  { label: '1975 Topps', year: 1975, sport: 'baseball', maxNumber: 660, level: 0.8 },
  { label: '1957 Topps Football', year: 1957, sport: 'football', maxNumber: 154, level: 1.8 },
  { label: '1958 Topps Football', year: 1958, sport: 'football', maxNumber: 132, level: 1.6 },
  { label: '1965 Topps Football', year: 1965, sport: 'football', maxNumber: 176, level: 1.5 },
  { label: '1976 Topps Football', year: 1976, sport: 'football', maxNumber: 528, level: 0.8 },
  { label: '1961 Fleer Basketball', year: 1961, sport: 'basketball', maxNumber: 66, level: 2.5 },
  { label: '1969 Topps Basketball', year: 1969, sport: 'basketball', maxNumber: 99, level: 2 },
  { label: '1970 Topps Basketball', year: 1970, sport: 'basketball', maxNumber: 175, level: 1.3 },
  { label: '1966 Topps Hockey', year: 1966, sport: 'hockey', maxNumber: 132, level: 2 },
  { label: '1979 O-Pee-Chee Hockey', year: 1979, sport: 'hockey', maxNumber: 396, level: 1.5 },
  ...flagshipYears('Topps', 'baseball', 1952, 1979, 660),
  ...flagshipYears('Topps Football', 'football', 1956, 1979, 528),
  ...flagshipYears('Topps Hockey', 'hockey', 1966, 1979, 264),
];

/** The yearly flagship sets not listed above ("1961 Topps", ...), a little cheaper each year. */
function flagshipYears(maker: string, sport: string, from: number, to: number, maxNumber: number) {
  const sets = [];
  for (let year = from; year <= to; year += 1) {
    sets.push({
      label: `${year} ${maker}`,
      year,
      sport,
      maxNumber,
      level: Math.max(0.6, 2.2 - (year - from) * 0.06),
    });
  }
  return sets;
}

/** Players of the vintage sets: name|first card year|last year|star|sport. */
const VINTAGE_PLAYERS = people(`
Honus Wagner|1897|1917|5|baseball
Ty Cobb|1905|1928|5|baseball
Cy Young|1890|1911|4|baseball
Walter Johnson|1907|1927|4|baseball
Christy Mathewson|1900|1916|4|baseball
Eddie Plank|1901|1917|3|baseball
Babe Ruth|1914|1935|5|baseball
Lou Gehrig|1923|1939|5|baseball
Jimmie Foxx|1925|1945|4|baseball
Mel Ott|1926|1947|3|baseball
Dizzy Dean|1930|1947|3|baseball
Joe DiMaggio|1936|1951|5|baseball
Ted Williams|1939|1960|5|baseball
Stan Musial|1941|1963|4|baseball
Jackie Robinson|1948|1956|5|baseball
Satchel Paige|1948|1965|4|baseball
Yogi Berra|1946|1965|4|baseball
Mickey Mantle|1951|1968|5|baseball
Willie Mays|1951|1973|5|baseball
Duke Snider|1947|1964|3|baseball
Eddie Mathews|1952|1968|3|baseball
Hank Aaron|1954|1976|5|baseball
Ernie Banks|1953|1971|4|baseball
Al Kaline|1953|1974|3|baseball
Roberto Clemente|1955|1972|5|baseball
Sandy Koufax|1955|1966|5|baseball
Brooks Robinson|1955|1977|3|baseball
Frank Robinson|1956|1976|3|baseball
Bob Gibson|1959|1975|3|baseball
Carl Yastrzemski|1960|1983|3|baseball
Pete Rose|1963|1986|4|baseball
Johnny Bench|1968|1983|4|baseball
Nolan Ryan|1968|1993|5|baseball
Reggie Jackson|1969|1987|4|baseball
Tom Seaver|1967|1986|3|baseball
Mike Schmidt|1973|1989|3|baseball
George Brett|1975|1993|3|baseball
Robin Yount|1975|1993|2|baseball
Gary Carter|1975|1992|2|baseball
Jim Brown|1958|1965|5|football
Johnny Unitas|1957|1973|5|football
Bart Starr|1956|1971|4|football
Paul Hornung|1957|1966|3|football
Frank Gifford|1952|1964|3|football
Joe Namath|1965|1977|5|football
Dick Butkus|1965|1973|3|football
Gale Sayers|1965|1971|4|football
Walter Payton|1976|1987|5|football
Roger Staubach|1969|1979|3|football
Terry Bradshaw|1970|1983|3|football
Wilt Chamberlain|1961|1973|5|basketball
Jerry West|1961|1974|4|basketball
Oscar Robertson|1961|1974|4|basketball
Elgin Baylor|1961|1971|4|basketball
Bill Russell|1956|1969|5|basketball
Kareem Abdul-Jabbar|1969|1989|5|basketball
Pete Maravich|1970|1980|4|basketball
Julius Erving|1971|1987|4|basketball
Bobby Orr|1966|1979|5|hockey
Gordie Howe|1946|1980|5|hockey
Bobby Hull|1957|1980|4|hockey
Phil Esposito|1963|1981|3|hockey
Wayne Gretzky|1979|1999|5|hockey
Mark Messier|1979|2004|3|hockey
Ray Bourque|1979|2001|3|hockey
`).map((person) => ({ ...person, tag: person.tag || 'baseball' }));

/** PSA 8 price of a card of a set of level 1, by star (vintage trades in mid grades). */
const STAR_PRICE = [0.8, 2, 6, 30, 120] as const;
const PSA8_LEVEL = 30;

/** "1952 Topps Mickey Mantle #311": players in their card years; RC in the first. */
export function vintageCards(prng: Prng): CatalogueCard[] {
  const cards: CatalogueCard[] = [];
  const seen = new Set<string>();
  for (const set of VINTAGE_SETS) {
    if (seen.has(set.label)) continue;
    seen.add(set.label);
    for (const player of VINTAGE_PLAYERS) {
      if (player.tag !== set.sport || set.year < player.from || set.year > player.to) continue;
      const rookie = set.year === player.from;
      const number =
        set.maxNumber === 0
          ? undefined
          : (knownNumber(set.year, set.label.slice(5), player.name) ?? String(prng.int(1, set.maxNumber)));
      const base =
        PSA8_LEVEL *
        set.level *
        (STAR_PRICE[player.star - 1] ?? 1) *
        (rookie ? 3 : 1) *
        Math.exp(0.4 * prng.normal());
      cards.push({
        category: 'vintage',
        label: set.label,
        title: [set.label, player.name, number === undefined ? '' : `#${number}`, rookie ? 'RC' : '']
          .filter((part) => part !== '')
          .join(' '),
        basePrice: base,
        popularity: player.star ** 2 * (rookie ? 1.8 : 1) * Math.exp(0.4 * prng.normal()),
        era: 'vintage',
      });
    }
  }
  return cards;
}
