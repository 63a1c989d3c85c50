/** [suffix, price multiple, demand share, first year the parallel existed]. */
export type Variant = [string, number, number, number?];

/**
 * Product lines (the labels of the sports categories): name, years made, card numbers, the
 * parallels a collector chases (price multiple, share of demand), and which athletes they carry.
 */
export interface Product {
  label: string;
  from: number;
  to: number;
  maxNumber: number;
  /**
   * [suffix, price multiple, demand share, first year made]; the first is the base card. `{year}`
   * in a suffix is the card's year (Topps' Gold parallels are numbered to their year).
   */
  variants: Variant[];
  /** Empty: every athlete of the category. */
  tag?: string;
  /** Price level of the line against the category's usual. */
  level: number;
}

// Refractors since 1993 (Finest), serial-numbered parallels since 1997, pack autographs since 1997.
const chrome: Variant[] = [
  ['', 1, 1],
  ['Refractor', 2.4, 0.55, 1993],
  ['Gold Refractor /50', 11, 0.12, 2003],
  ['Auto', 7, 0.18, 1997],
];
const prizm: Variant[] = [
  ['', 1, 1],
  ['Silver Prizm', 2.6, 0.6],
  ['Gold Prizm /10', 22, 0.05],
  ['Green Prizm', 2.2, 0.2],
];
// Optic's Holo and Velocity parallels since the line began (2016).
const optic: Variant[] = [
  ['', 1, 1],
  ['Holo', 2.3, 0.55, 2016],
  ['Pink Velocity', 3.2, 0.15, 2018],
];
const paper: Variant[] = [['', 1, 1]];
// Topps' flagship Gold parallel, numbered to the year, since 2001.
const toppsPaper: Variant[] = [
  ['', 1, 1],
  ['Gold /{year}', 3, 0.15, 2001],
];
const premium: Variant[] = [
  ['', 1, 1],
  ['Auto', 5, 0.3, 1997],
  ['Patch Auto /99', 9, 0.12, 2003],
];

const p = (
  label: string,
  from: number,
  to: number,
  variants: Variant[],
  level = 1,
  maxNumber = 300,
  tag?: string,
): Product =>
  tag === undefined
    ? { label, from, to, variants, level, maxNumber }
    : { label, from, to, variants, level, maxNumber, tag };

export const SPORTS_PRODUCTS: Record<string, Product[]> = {
  baseball: [
    p('Topps Chrome', 1996, 2026, chrome, 1.3, 220),
    p('Bowman Chrome', 1997, 2026, chrome, 1.4, 250),
    p('Topps Series 1', 1990, 2026, toppsPaper, 0.6, 350),
    p('Topps Update', 2006, 2026, toppsPaper, 0.7, 330),
    p('Bowman Draft', 2000, 2026, chrome, 1.1, 200),
    p('Topps Heritage', 2001, 2026, paper, 0.7, 500),
    p(
      'Stadium Club',
      1992,
      2026,
      [
        ['', 1, 1],
        ['Chrome', 2, 0.4, 2016],
      ],
      0.8,
      300,
    ),
    p('Topps Finest', 1993, 2026, chrome, 1.0, 200),
    p('Donruss', 1990, 2026, optic, 0.5, 250),
    p('Upper Deck', 1989, 2010, paper, 0.8, 800),
    p('SP', 1993, 2010, paper, 1.0, 290),
  ],
  basketball: [
    p('Panini Prizm', 2012, 2026, prizm, 1.5, 300),
    p('Donruss Optic', 2016, 2026, optic, 1.2, 200),
    p('Panini Select', 2013, 2026, prizm, 1.2, 250),
    p('Panini Mosaic', 2019, 2026, prizm, 0.8, 300),
    p('Hoops', 1989, 2026, paper, 0.5, 300),
    p('Donruss', 2012, 2026, optic, 0.6, 250),
    p('Contenders', 2008, 2026, premium, 1.3, 150),
    p('Topps Chrome', 1996, 2009, chrome, 1.4, 200),
    p('Upper Deck', 1991, 2009, paper, 0.9, 400),
    p('Fleer', 1986, 2008, paper, 1.0, 300),
  ],
  football: [
    p('Panini Prizm', 2012, 2026, prizm, 1.4, 400),
    p('Donruss Optic', 2016, 2026, optic, 1.1, 200),
    p('Panini Select', 2014, 2026, prizm, 1.1, 300),
    p('Panini Mosaic', 2019, 2026, prizm, 0.7, 300),
    p('Contenders', 1998, 2026, premium, 1.3, 150),
    p('Donruss', 2014, 2026, optic, 0.6, 350),
    p('Score', 1989, 2026, paper, 0.4, 440),
    p('Topps', 1982, 2015, toppsPaper, 0.5, 396),
    p('Topps Chrome', 1996, 2015, chrome, 1.3, 250),
    p('Bowman Chrome', 1998, 2015, chrome, 1.2, 250),
    p('Upper Deck', 1991, 2015, paper, 0.7, 300),
  ],
  soccer: [
    p('Topps Chrome UEFA Champions League', 2018, 2026, chrome, 1.3, 200),
    p('Panini Prizm World Cup', 2014, 2022, prizm, 1.4, 300),
    p('Panini Prizm Premier League', 2019, 2026, prizm, 1.2, 300),
    p('Topps Merlin Chrome', 2019, 2026, chrome, 0.9, 150),
    p('Panini Select Soccer', 2015, 2026, prizm, 1.0, 250),
    p('Topps Finest UEFA', 2020, 2026, chrome, 0.9, 100),
    p('Panini Donruss Soccer', 2018, 2026, optic, 0.6, 200),
  ],
  hockey: [
    p(
      'Upper Deck Series 1',
      1990,
      2026,
      [
        ['', 1, 1],
        ['Young Guns', 3.5, 0.7, 1990],
        ['Exclusives /100', 8, 0.1, 2000],
      ],
      1.0,
      250,
    ),
    p('O-Pee-Chee Platinum', 2008, 2026, chrome, 0.8, 200),
    p('SP Authentic', 1995, 2026, premium, 1.2, 150),
    p('Upper Deck Ice', 2002, 2026, premium, 1.0, 150),
    p('SPx', 1996, 2026, premium, 1.0, 150),
    p('Upper Deck Synergy', 2005, 2026, paper, 0.6, 100),
  ],
  wnba: [
    p('Panini Prizm WNBA', 2020, 2026, prizm, 1.4, 150),
    p('Panini Select WNBA', 2022, 2026, prizm, 1.1, 150),
    p('Donruss Optic WNBA', 2024, 2026, optic, 1.1, 150),
    p('Panini Instant WNBA', 2020, 2026, paper, 0.6, 120),
    p('Rittenhouse WNBA', 1999, 2010, paper, 0.8, 120),
    p('Bowman University Chrome', 2021, 2026, chrome, 1.0, 200),
  ],
  golf: [
    p('Upper Deck Golf', 2001, 2014, paper, 1.0, 200),
    p('SP Authentic Golf', 2001, 2014, premium, 1.2, 120),
    p('Upper Deck Artifacts Golf', 2021, 2026, premium, 0.9, 150),
    p('SP Game Used Golf', 2003, 2014, premium, 1.1, 100),
  ],
  tennis: [
    p('NetPro', 2003, 2005, paper, 1.0, 100),
    p('Ace Authentic', 2005, 2013, premium, 1.0, 100),
    p('Topps Chrome Tennis', 2024, 2026, chrome, 1.3, 100),
    p('Topps Graphite Tennis', 2024, 2026, chrome, 1.0, 100),
  ],
  racing: [
    p('Topps Chrome Formula 1', 2020, 2026, chrome, 1.4, 200, 'f1'),
    p(
      'Topps Chrome Sapphire Formula 1',
      2021,
      2026,
      [
        ['', 1, 1],
        ['Orange /25', 6, 0.2, 2021],
      ],
      1.6,
      200,
      'f1',
    ),
    p('Topps Formula 1', 2020, 2026, paper, 0.6, 200, 'f1'),
    p('Press Pass', 1994, 2015, paper, 0.7, 120, 'nascar'),
    p('Wheels', 1992, 2015, paper, 0.5, 100, 'nascar'),
    p('Panini Prizm Racing', 2020, 2026, prizm, 0.8, 100, 'nascar'),
  ],
  combat: [
    p('Panini Prizm UFC', 2021, 2026, prizm, 1.3, 200, 'ufc'),
    p('Panini Select UFC', 2021, 2026, prizm, 1.0, 200, 'ufc'),
    p('Topps Chrome UFC', 2024, 2026, chrome, 1.2, 200, 'ufc'),
    p('Topps UFC Chronicles', 2009, 2011, paper, 0.8, 150, 'ufc'),
    p('Topps Knockout UFC', 2013, 2016, premium, 0.9, 100, 'ufc'),
    p('Ringside Boxing', 1996, 1997, paper, 0.9, 100, 'boxing'),
    p('Upper Deck Champs Boxing', 2010, 2011, paper, 0.7, 100, 'boxing'),
    p('Topps Chrome Boxing', 2024, 2026, chrome, 1.0, 100, 'boxing'),
  ],
  wrestling: [
    p('Panini Prizm WWE', 2022, 2026, prizm, 1.3, 200),
    p('Panini Select WWE', 2022, 2026, prizm, 1.0, 200),
    p('Donruss Elite WWE', 2023, 2026, optic, 0.8, 150),
    p('Topps Chrome WWE', 2020, 2021, chrome, 1.0, 100),
    p('Topps WWE', 2000, 2021, paper, 0.5, 100),
    p('Topps WWF Pro Wrestling Stars', 1985, 1985, paper, 0.8, 66),
    p('Topps Finest WWE', 2020, 2021, chrome, 0.9, 100),
  ],
};
