import type { Category } from '../../../contract/categories';
import type { Era } from '../grade-model';

/**
 * Iconic cards at real prices: each one's model price at the as-of lies inside a range a collector
 * would recognise, by grade. The first nine come from shared/market-references.md; the others from
 * the public sources listed in docs/demo-market.md (several from hobby blogs: right order of
 * magnitude, not exact). `estimate: true` marks a range for which no public price was found.
 *
 * A card the catalogue already makes (the same title) gets the anchors; one it does not make is
 * added with them. Either way it is always kept in the draw.
 */
export interface IconicCard {
  category: Category;
  label: string;
  title: string;
  era: Era;
  /** grade -> [low, high] USD at the as-of; the model sits at the range's geometric middle. */
  ranges: Partial<Record<string, [number, number]>>;
  source: string;
  estimate?: boolean;
  /** Demand, for a card the catalogue does not make already (default 20). */
  popularity?: number;
  /** Demand that replaces the catalogue's own, for a card it makes (a famous card that trades rarely). */
  demand?: number;
  /**
   * The player's flagship rookie: it out-trades every other card of the player named here (its
   * demand is LEAD_DEMAND times the largest of theirs), as base rookies do in the real market.
   */
  leads?: string;
  printRun?: number;
}

const around = (value: number): [number, number] => [Math.round(value * 0.87), Math.round(value * 1.15)];

export const ICONIC_CARDS: IconicCard[] = [
  // shared/market-references.md
  {
    category: 'basketball',
    label: 'Fleer',
    title: '1986 Fleer Michael Jordan #57 RC',
    era: 'classic',
    ranges: {
      'PSA 10': [150_000, 300_000],
      'PSA 9': [15_000, 35_000],
      'PSA 8': [8_000, 14_000],
      'PSA 1': [1_500, 3_000],
    },
    source: 'market-references (cllct.com, pixelation.org)',
  },
  {
    category: 'pokemon',
    label: 'Base Set',
    title: '1999 Pokemon Base Set 1st Edition Charizard Holo #4',
    era: 'classic',
    ranges: { 'PSA 10': [250_000, 450_000] },
    source: 'market-references (PWCC, Heritage via CNN)',
  },
  {
    category: 'pokemon',
    label: 'Base Set',
    title: '1999 Pokemon Base Set Charizard Holo #4',
    era: 'classic',
    ranges: { 'PSA 10': [9_000, 20_000], 'PSA 9': [1_500, 3_500] },
    source: 'market-references (pokemonpricing.com)',
  },
  {
    category: 'basketball',
    label: 'Panini Prizm',
    title: '2018 Panini Prizm Luka Doncic #280 RC',
    era: 'ultra',
    ranges: { 'PSA 10': [300, 2_000] },
    leads: 'Luka Doncic',
    source: 'market-references (one37pm)',
  },
  {
    category: 'basketball',
    label: 'Panini Prizm',
    title: '2023 Panini Prizm Victor Wembanyama #136 RC',
    era: 'ultra',
    ranges: { 'PSA 10': [25, 200] },
    leads: 'Victor Wembanyama',
    source: 'market-references (cllct.com, sportscardportal)',
  },
  {
    category: 'football',
    label: 'Panini Prizm',
    title: '2017 Panini Prizm Patrick Mahomes #269 RC',
    era: 'ultra',
    ranges: { 'PSA 10': [400, 3_000] },
    source: 'market-references (ballpark)',
  },
  {
    category: 'vintage',
    label: '1952 Topps',
    title: '1952 Topps Mickey Mantle #311',
    era: 'vintage',
    ranges: { 'SGC 9.5': [11_000_000, 14_000_000], 'PSA 1': [40_000, 80_000] },
    source: 'market-references (sportscollectorsdaily: SGC 9.5 at 12.6 M); PSA 1 an estimate',
  },
  {
    category: 'vintage',
    label: '1954 Topps',
    title: '1954 Topps Hank Aaron #128 RC',
    era: 'vintage',
    ranges: { 'PSA 9': around(384_000), 'PSA 8': around(46_000) },
    source: 'market-references (cllct.com, "Million-dollar dings")',
  },
  {
    category: 'football',
    label: 'Topps',
    title: '1986 Topps Jerry Rice #161 RC',
    era: 'classic',
    ranges: { 'PSA 10': around(84_000), 'PSA 9': around(2_200) },
    source: 'market-references (cllct.com, "Million-dollar dings")',
  },
  // baseball
  {
    category: 'baseball',
    label: 'Upper Deck',
    title: '1989 Upper Deck Ken Griffey Jr. #1 RC',
    era: 'classic',
    ranges: { 'PSA 10': [2_500, 5_500], 'PSA 9': [200, 450], 'BGS 10': [4_500, 9_500] },
    source: 'slabnomics.com ep. 42 (Feb 2026); pixelation.org',
  },
  {
    category: 'baseball',
    label: 'Bowman Chrome',
    title: '2018 Bowman Chrome Shohei Ohtani #59 RC',
    era: 'ultra',
    ranges: { 'PSA 10': [2_500, 5_000] },
    source: 'rawchili.com (Market Movers, Oct 2025)',
  },
  {
    category: 'baseball',
    label: 'SP',
    title: '1993 SP Derek Jeter #279 RC',
    era: 'classic',
    ranges: { 'PSA 10': [150_000, 300_000] },
    source: 'si.com (Mar 2025): 22 PSA 10 of 24,543 graded',
  },
  {
    category: 'baseball',
    label: 'Topps Update',
    title: '2011 Topps Update Mike Trout #US175 RC',
    era: 'modern',
    ranges: { 'PSA 10': [1_500, 3_500] },
    source: 'Beckett (Jan 2021) for raw copies',
    estimate: true,
  },
  {
    category: 'baseball',
    label: 'Bowman Chrome',
    title: '2009 Bowman Chrome Draft Prospects Mike Trout #BDPP89',
    era: 'modern',
    ranges: { 'PSA 10': [3_000, 7_000], 'PSA 9': [500, 1_200] },
    source:
      'estimate from public auction results of the base prospect card (its Superfractor 1/1 sold for 3,936,000 in 2020)',
    estimate: true,
    leads: 'Mike Trout',
  },
  {
    category: 'baseball',
    label: 'Topps Chrome',
    title: '2018 Topps Chrome Shohei Ohtani #150 RC',
    era: 'ultra',
    ranges: { 'PSA 10': [300, 800] },
    source: 'estimate from public auction results of the base rookie',
    estimate: true,
    leads: 'Shohei Ohtani',
  },
  // basketball
  {
    category: 'basketball',
    label: 'Topps Chrome',
    title: '2003 Topps Chrome LeBron James #111 RC',
    era: 'modern',
    ranges: { 'PSA 10': [7_000, 16_000], 'PSA 9': [900, 2_000] },
    source:
      'estimate from public auction results of the base rookie (the Refractor below is a multiple of it)',
    estimate: true,
    leads: 'LeBron James',
  },
  {
    category: 'basketball',
    label: 'Topps Chrome',
    title: '2003 Topps Chrome LeBron James #111 RC Refractor',
    era: 'modern',
    ranges: { 'PSA 10': [18_000, 40_000] },
    source: 'cllct.com (Memory Lane, after the post-2021 fall)',
  },
  {
    category: 'basketball',
    label: 'Topps Chrome',
    title: '1996 Topps Chrome Kobe Bryant #138 RC',
    era: 'classic',
    ranges: { 'PSA 10': [4_000, 9_000] },
    source: 'none found',
    estimate: true,
  },
  {
    category: 'basketball',
    label: 'Topps Chrome',
    title: '2009 Topps Chrome Stephen Curry #101 RC Gold Refractor /50',
    era: 'modern',
    ranges: { 'BGS 9.5': [120_000, 300_000] },
    source: 'sportscollectorsdaily.com (Goldin, Oct 2020)',
  },
  // football
  {
    category: 'football',
    label: 'Contenders',
    title: '2000 Contenders Tom Brady #144 RC Auto',
    era: 'modern',
    ranges: { 'BGS 9.5': [90_000, 180_000] },
    source: 'Fox Business via exotichousedigest.com (Sotheby’s, Sept 2024)',
  },
  {
    category: 'football',
    label: 'Panini Prizm',
    title: '2020 Panini Prizm Justin Herbert #325 RC',
    era: 'ultra',
    ranges: { 'PSA 10': [70, 170] },
    source: 'none found',
    estimate: true,
  },
  {
    category: 'football',
    label: 'Panini Prizm',
    title: '2020 Panini Prizm Joe Burrow #307 RC',
    era: 'ultra',
    ranges: { 'PSA 10': [70, 170] },
    source: 'slabnomics.com ep. 37 (PSA 10s that barely cover grading)',
    estimate: true,
  },
  // soccer, hockey, wnba, golf, tennis, racing, combat, wrestling
  {
    category: 'soccer',
    label: 'Panini Mega Cracks',
    title: '2004 Panini Mega Cracks Lionel Messi #71 bis RC',
    era: 'modern',
    ranges: { 'PSA 10': [800_000, 1_600_000], 'PSA 8': [12_000, 30_000] },
    source: 'cllct.com (Sept 2025); si.com (Aug 2025)',
    popularity: 60,
  },
  {
    category: 'vintage',
    label: '1979 O-Pee-Chee Hockey',
    title: '1979 O-Pee-Chee Hockey Wayne Gretzky #18 RC',
    era: 'vintage',
    ranges: { 'PSA 9': [110_000, 170_000], 'PSA 6': [2_200, 3_500] },
    source: 'si.com; magprosupplies.com (2025)',
  },
  {
    category: 'hockey',
    label: 'Upper Deck Series 1',
    title: '2005 Upper Deck Series 1 Sidney Crosby #201 RC Young Guns',
    era: 'modern',
    ranges: { 'PSA 10': [4_000, 9_000] },
    source: 'thepedestriancollector.blogspot.com (raw copies, 2022)',
    estimate: true,
  },
  {
    category: 'hockey',
    label: 'Upper Deck Series 1',
    title: '2015 Upper Deck Series 1 Connor McDavid #201 RC Young Guns',
    era: 'modern',
    ranges: { 'PSA 10': [1_600, 4_000] },
    source: 'Edmonton Journal (raw copies at release)',
    estimate: true,
  },
  {
    category: 'highend',
    label: 'Upper Deck The Cup',
    title: '2015 Upper Deck The Cup Connor McDavid RPA /99',
    era: 'modern',
    ranges: { 'PSA 9': [20_000, 40_000] },
    source: 'oilersnation.com (Lelands, 2020)',
  },
  {
    category: 'wnba',
    label: 'Panini Prizm WNBA',
    title: '2024 Panini Prizm WNBA Caitlin Clark #22 RC',
    era: 'ultra',
    ranges: { 'PSA 10': [90, 220] },
    source: 'sportivo.news (grading volume)',
    estimate: true,
  },
  {
    category: 'golf',
    label: 'Upper Deck Golf',
    title: '2001 Upper Deck Golf Tiger Woods #1 RC',
    era: 'modern',
    ranges: { 'PSA 10': [700, 1_500], 'PSA 9': [70, 160], 'BGS 10': [4_000, 8_000] },
    source: 'golfheritage.org (2023)',
  },
  {
    category: 'tennis',
    label: 'NetPro',
    title: '2003 NetPro Serena Williams Auto Apparel /100 RC',
    era: 'modern',
    ranges: { 'PSA 5': [30_000, 60_000] },
    source: 'Reuters via dailytimes.com.pk (Oct 2021)',
    popularity: 2,
    printRun: 100,
  },
  {
    category: 'racing',
    label: 'Topps Chrome Formula 1',
    title: '2020 Topps Chrome Formula 1 Max Verstappen #6 RC',
    era: 'ultra',
    ranges: { 'PSA 10': [120, 260] },
    source: 'si.com (Apr 2025)',
  },
  {
    category: 'combat',
    label: 'Hemmets Journal',
    title: '1960 Hemmets Journal Cassius Clay #23 RC',
    era: 'vintage',
    ranges: { 'PSA 9': [70_000, 150_000], 'PSA 5': [5_000, 10_000] },
    source: 'financialprofessional.com',
    popularity: 4,
  },
  {
    category: 'wrestling',
    label: 'Topps WWF Pro Wrestling Stars',
    title: '1985 Topps WWF Pro Wrestling Stars Hulk Hogan #1 RC',
    era: 'classic',
    ranges: { 'PSA 10': [2_500, 6_000] },
    source: 'wrestlingmemorabilia.blogspot.com (raw, 2012)',
    estimate: true,
  },
  // trading-card games
  {
    category: 'pokemon',
    label: 'Evolving Skies',
    title: '2021 Pokemon Evolving Skies Umbreon VMAX Alt Art #215',
    era: 'ultra',
    ranges: { 'PSA 10': [1_800, 4_000] },
    source: 'tcgbuyersclub; pokemonpricing.com (Dec 2025)',
    popularity: 60,
  },
  {
    category: 'magic',
    label: 'Alpha',
    title: '1993 Magic The Gathering Alpha Black Lotus',
    era: 'classic',
    ranges: { 'PSA 10': [450_000, 900_000], 'BGS 9.5': [150_000, 350_000], 'PSA 8': [60_000, 120_000] },
    source:
      'hipstersofthecoast.com; kotaku.com.au (2023); slashgear.com; PSA 8: Alpha copies at 87,000 (2018), market-references',
    demand: 3,
  },
  // Beta and Unlimited: printings of the same card at multiples below Alpha (market-references).
  {
    category: 'magic',
    label: 'Beta',
    title: '1993 Magic The Gathering Beta Black Lotus',
    era: 'classic',
    ranges: { 'BGS 9.5': [60_000, 140_000], 'PSA 8': [25_000, 50_000] },
    source:
      'estimate: about 2 to 2.5 times below Alpha in the same grade (market-references: "each a multiple of the next")',
    estimate: true,
    demand: 3,
  },
  {
    category: 'magic',
    label: 'Unlimited',
    title: '1993 Magic The Gathering Unlimited Black Lotus',
    era: 'classic',
    ranges: { 'BGS 9.5': [25_000, 55_000], 'PSA 8': [10_000, 20_000] },
    source:
      'estimate: about 2.5 times below Beta in the same grade (market-references: "each a multiple of the next")',
    estimate: true,
    demand: 3,
  },
  {
    category: 'pokemon',
    label: 'Promo',
    title: '1998 Pokemon Promo Pikachu Illustrator',
    era: 'classic',
    ranges: { 'PSA 10': [4_500_000, 6_000_000] },
    source: 'Guinness World Records (PSA 10, 5,275,000 USD, 2022)',
    popularity: 1,
  },
  {
    category: 'yugioh',
    label: 'Legend of Blue Eyes White Dragon',
    title:
      '2002 Yu-Gi-Oh Legend of Blue Eyes White Dragon Blue-Eyes White Dragon LOB-001 1st Edition Ultra Rare',
    era: 'classic',
    ranges: { 'PSA 10': [80_000, 200_000] },
    source: '33rdsquare.com (weak source)',
  },
  {
    category: 'yugioh',
    label: 'Legend of Blue Eyes White Dragon',
    title: '2002 Yu-Gi-Oh Legend of Blue Eyes White Dragon Dark Magician LOB-005 1st Edition Ultra Rare',
    era: 'classic',
    ranges: { 'PSA 10': [35_000, 85_000] },
    source: '33rdsquare.com (weak source)',
  },
  {
    category: 'tcg',
    label: 'Disney Lorcana',
    title: '2023 Disney Lorcana The First Chapter Elsa Spirit of Winter #207 Enchanted',
    era: 'ultra',
    ranges: { 'PSA 10': [700, 1_800] },
    source: 'piratesandprincesses.net (raw, Sept 2023)',
    estimate: true,
  },
  // vintage
  {
    category: 'vintage',
    label: '1909 T206',
    title: '1909 T206 Honus Wagner',
    era: 'vintage',
    ranges: { 'PSA 1': [2_500_000, 3_500_000] },
    source: 'allsportspeople.com (Mile High, Goldin)',
    popularity: 1,
  },
  {
    category: 'vintage',
    label: '1933 Goudey',
    title: '1933 Goudey Babe Ruth #53',
    era: 'vintage',
    ranges: { 'PSA 8': [650_000, 1_000_000], 'PSA 3': [5_000, 12_000] },
    source: 'memorylaneinc.com; topsportscards.com',
  },
  {
    category: 'vintage',
    label: '1951 Bowman',
    title: '1951 Bowman Mickey Mantle #253 RC',
    era: 'vintage',
    ranges: { 'PSA 8': [370_000, 620_000], 'PSA 3': [10_000, 17_000] },
    source: 'si.com (2025)',
  },
  {
    category: 'vintage',
    label: '1955 Topps',
    title: '1955 Topps Roberto Clemente #164 RC',
    era: 'vintage',
    ranges: { 'PSA 9': [800_000, 1_150_000], 'PSA 7': [6_000, 13_000] },
    source: 'si.com; sothebys.com (Sept 2024); cllct.com',
  },
  {
    category: 'vintage',
    label: '1958 Topps Football',
    title: '1958 Topps Football Jim Brown #62 RC',
    era: 'vintage',
    ranges: { 'PSA 9': [250_000, 400_000], 'PSA 6': [3_000, 5_000] },
    source: 'arthitparade.net (Heritage); namegenerator.biz (weak source)',
  },
  {
    category: 'vintage',
    label: '1961 Fleer Basketball',
    title: '1961 Fleer Basketball Wilt Chamberlain #8 RC',
    era: 'vintage',
    ranges: { 'PSA 10': [700_000, 1_200_000] },
    source: 'si.com (Oct 2025)',
  },
  // non-sport and high end
  {
    category: 'misc',
    label: 'Star Wars',
    title: '1977 Topps Star Wars Luke Skywalker #1',
    era: 'vintage',
    ranges: { 'PSA 10': [180_000, 300_000], 'PSA 9': [4_000, 8_000] },
    source: 'si.com (2025); collectorsdashboard.com',
  },
  {
    category: 'misc',
    label: 'Garbage Pail Kids',
    title: '1985 Topps Garbage Pail Kids Series 1 Adam Bomb #8a',
    era: 'classic',
    ranges: { 'PSA 10': [8_000, 20_000] },
    source: 'oldsportscards.com (weak source)',
  },
  {
    category: 'highend',
    label: 'Exquisite Collection',
    title: '2003 Exquisite Collection LeBron James RPA /99',
    era: 'modern',
    ranges: { 'BGS 8.5': [350_000, 800_000] },
    source: 'cllct.com (2023-2024 sales)',
  },
];

/** The geometric middle of a range: where the model price sits at the as-of. */
export const middleOf = ([low, high]: [number, number]): number => Math.sqrt(low * high);
