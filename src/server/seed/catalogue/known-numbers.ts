/**
 * Real card numbers of famous cards, keyed by `year label name` (and the variant for the
 * trading-card games, whose numbers differ by rarity): a collector searching "jordan fleer 57" or
 * "luka prizm 280" finds the card they mean. Other cards get a seeded number within the set.
 */
const NUMBERS: Record<string, string> = {
  // basketball
  '1986 Fleer Michael Jordan': '57',
  '1996 Topps Chrome Kobe Bryant': '138',
  '2003 Topps Chrome LeBron James': '111',
  '2009 Topps Chrome Stephen Curry': '101',
  '2018 Panini Prizm Luka Doncic': '280',
  '2023 Panini Prizm Victor Wembanyama': '136',
  '2019 Panini Prizm Zion Williamson': '248',
  '2019 Panini Prizm Ja Morant': '249',
  '2020 Panini Prizm LaMelo Ball': '278',
  '2020 Panini Prizm Anthony Edwards': '258',
  // football
  '1986 Topps Jerry Rice': '161',
  '2000 Contenders Tom Brady': '144',
  '2017 Panini Prizm Patrick Mahomes': '269',
  '2017 Donruss Optic Patrick Mahomes': '177',
  '2020 Panini Prizm Justin Herbert': '325',
  '2020 Panini Prizm Joe Burrow': '307',
  // baseball
  '1989 Upper Deck Ken Griffey Jr.': '1',
  '2011 Topps Update Mike Trout': 'US175',
  '2018 Topps Chrome Shohei Ohtani': '150',
  '2018 Topps Update Shohei Ohtani': 'US1',
  '2018 Bowman Chrome Shohei Ohtani': '59',
  '1993 SP Derek Jeter': '279',
  // hockey
  '2005 Upper Deck Series 1 Sidney Crosby': '201',
  '2015 Upper Deck Series 1 Connor McDavid': '201',
  // golf, wnba, racing, wrestling
  '2020 Topps Chrome Formula 1 Max Verstappen': '6',
  '1985 Topps WWF Pro Wrestling Stars Hulk Hogan': '1',
  '2001 Upper Deck Golf Tiger Woods': '1',
  '2024 Panini Prizm WNBA Caitlin Clark': '22',
  '2024 Panini Instant WNBA Caitlin Clark': '1',
  // vintage
  '1933 Goudey Babe Ruth': '53',
  '1933 Goudey Lou Gehrig': '92',
  '1951 Bowman Mickey Mantle': '253',
  '1951 Bowman Willie Mays': '305',
  '1952 Topps Mickey Mantle': '311',
  '1954 Topps Hank Aaron': '128',
  '1955 Topps Roberto Clemente': '164',
  '1955 Topps Sandy Koufax': '123',
  '1968 Topps Nolan Ryan': '177',
  '1975 Topps George Brett': '228',
  '1975 Topps Robin Yount': '223',
  '1957 Topps Football Johnny Unitas': '138',
  '1958 Topps Football Jim Brown': '62',
  '1965 Topps Football Joe Namath': '122',
  '1976 Topps Football Walter Payton': '148',
  '1961 Fleer Basketball Wilt Chamberlain': '8',
  '1961 Fleer Basketball Jerry West': '43',
  '1961 Fleer Basketball Oscar Robertson': '36',
  '1966 Topps Hockey Bobby Orr': '35',
  '1979 O-Pee-Chee Hockey Wayne Gretzky': '18',
  // non-sport
  '1977 Topps Star Wars Luke Skywalker': '1',
  '1985 Topps Garbage Pail Kids Series 1 Adam Bomb': '8a',
  // trading-card games (number by rarity)
  '2021 Evolving Skies Umbreon VMAX Alt Art': '215',
  '2023 Scarlet & Violet 151 Charizard Special Illustration Rare': '199',
  '2023 The First Chapter Elsa Spirit of Winter Enchanted': '207',
  '2002 Legend of Blue Eyes White Dragon Blue-Eyes White Dragon': '001',
  '2002 Legend of Blue Eyes White Dragon Dark Magician': '005',
  '2002 Legend of Blue Eyes White Dragon Red-Eyes Black Dragon': '070',
  '2002 Legend of Blue Eyes White Dragon Exodia the Forbidden One': '124',
};

export function knownNumber(year: number, label: string, name: string, variant = ''): string | undefined {
  return NUMBERS[[year, label, name, variant].filter((part) => part !== '').join(' ')];
}
