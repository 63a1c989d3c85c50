/**
 * Sets and card names of the trading-card-game categories. Names carry a 1..5 demand rating and,
 * where it matters, the year the card (or creature) first appeared: no set prints a card before it.
 * `era` picks the rarities a set can print.
 */
export interface TcgSet {
  label: string;
  year: number;
  era: string;
  size: number;
  /** Printed code prefix, such as LOB or OP01 (Yu-Gi-Oh and the other games). */
  code?: string;
  /** Names every printing of the set carries (its chase cards), before the seeded draw. */
  chase?: string[];
}

const set = (
  label: string,
  year: number,
  era: string,
  size: number,
  code?: string,
  chase?: string[],
): TcgSet => ({
  label,
  year,
  era,
  size,
  ...(code === undefined ? {} : { code }),
  ...(chase === undefined ? {} : { chase }),
});

export const POKEMON_SETS: TcgSet[] = [
  set('Base Set', 1999, 'wotc-base', 102),
  set('Jungle', 1999, 'wotc', 64),
  set('Fossil', 1999, 'wotc', 62),
  set('Base Set 2', 2000, 'wotc-reprint', 130),
  set('Team Rocket', 2000, 'wotc', 83),
  set('Gym Heroes', 2000, 'wotc', 132),
  set('Gym Challenge', 2000, 'wotc', 132),
  set('Neo Genesis', 2000, 'wotc', 111),
  set('Neo Discovery', 2001, 'wotc', 75),
  set('Neo Revelation', 2001, 'wotc', 66),
  set('Neo Destiny', 2002, 'wotc', 113),
  set('Legendary Collection', 2002, 'wotc-reprint', 110),
  set('Skyridge', 2003, 'e-card', 144),
  set('EX Dragon', 2003, 'ex', 100),
  set('EX FireRed LeafGreen', 2004, 'ex', 116),
  set('EX Deoxys', 2005, 'ex-gold-star', 107),
  set('Diamond & Pearl', 2007, 'dp', 130),
  set('HeartGold SoulSilver', 2010, 'hgss', 123),
  set('XY Evolutions', 2016, 'xy', 113),
  set('Hidden Fates', 2019, 'sm', 163),
  set("Champion's Path", 2020, 'modern', 80),
  set('Vivid Voltage', 2020, 'modern', 203),
  set('Shining Fates', 2021, 'modern', 195),
  set('Celebrations', 2021, 'modern', 50),
  set('Evolving Skies', 2021, 'modern', 237, undefined, ['Umbreon']),
  set('Fusion Strike', 2021, 'modern', 284),
  set('Brilliant Stars', 2022, 'modern', 186),
  set('Lost Origin', 2022, 'modern', 217),
  set('Silver Tempest', 2022, 'modern', 215),
  set('Crown Zenith', 2023, 'modern', 230),
  set('Scarlet & Violet 151', 2023, 'sv', 207, undefined, ['Charizard']),
  set('Obsidian Flames', 2023, 'sv', 230),
  set('Paldean Fates', 2024, 'sv', 245),
  set('Temporal Forces', 2024, 'sv', 218),
  set('Twilight Masquerade', 2024, 'sv', 226),
  set('Surging Sparks', 2024, 'sv', 252),
  set('Prismatic Evolutions', 2025, 'sv', 180),
  set('Journey Together', 2025, 'sv', 190),
  set('Destined Rivals', 2025, 'sv', 244),
  set('Black Bolt', 2025, 'sv', 172),
  set('White Flare', 2025, 'sv', 173),
  set('Mega Evolution', 2025, 'sv', 188),
];

export const POKEMON_NAMES = `Charizard 5 1999, Pikachu 5 1999, Umbreon 5 2000, Rayquaza 4 2003, Lugia 4 2000, Mewtwo 4 1999,
Mew 4 1999, Gengar 4 1999, Blastoise 4 1999, Venusaur 3 1999, Eevee 3 1999, Sylveon 3 2014, Espeon 3 2000,
Gyarados 3 1999, Dragonite 3 1999, Snorlax 3 1999, Greninja 3 2014, Lucario 3 2007, Giratina 3 2007,
Charmander 3 1999, Arceus 3 2007, Ho-Oh 3 2000, Suicune 3 2000, Tyranitar 3 2000, Alakazam 2 1999,
Machamp 2 1999, Jigglypuff 2 1999, Psyduck 2 1999, Bulbasaur 2 1999, Squirtle 2 1999, Vaporeon 2 1999,
Jolteon 2 1999, Flareon 2 1999, Leafeon 2 2007, Glaceon 2 2007, Garchomp 2 2007, Zekrom 2 2011,
Reshiram 2 2011, Mimikyu 2 2017, Ninetales 2 1999, Arcanine 2 1999, Lapras 2 1999, Articuno 2 1999,
Zapdos 2 1999, Moltres 2 1999, Scyther 1 1999, Onix 1 1999, Magikarp 2 1999, Ditto 2 1999, Togepi 1 2000,
Marill 1 2000, Celebi 2 2000, Latias 2 2003, Latios 2 2003, Kyogre 2 2003, Groudon 2 2003, Deoxys 2 2003,
Darkrai 2 2007, Dialga 2 2007, Palkia 2 2007, Gardevoir 2 2003, Cyndaquil 1 2000, Totodile 1 2000,
Chikorita 1 2000, Piplup 1 2007, Jirachi 2 2003, Miraidon 2 2023, Koraidon 2 2023, Pecharunt 1 2023`;

export const MAGIC_SETS: TcgSet[] = [
  set('Alpha', 1993, 'abu', 295),
  set('Beta', 1993, 'abu', 302),
  set('Unlimited', 1993, 'abu', 302),
  set('Arabian Nights', 1993, 'old', 92),
  set('Antiquities', 1994, 'old', 100),
  set('Legends', 1994, 'old', 310),
  set('Revised', 1994, 'revised', 306),
  set('Ice Age', 1995, 'old', 383),
  set('Mirage', 1996, 'old', 350),
  set('Tempest', 1997, 'old', 350),
  set("Urza's Saga", 1998, 'old', 350),
  set('Invasion', 2000, 'foil', 350),
  set('Mirrodin', 2003, 'foil', 306),
  set('Ravnica City of Guilds', 2005, 'foil', 306),
  set('Time Spiral', 2006, 'foil', 301),
  set('Lorwyn', 2007, 'foil', 301),
  set('Zendikar', 2009, 'foil', 249),
  set('Innistrad', 2011, 'foil', 264),
  set('Return to Ravnica', 2012, 'foil', 274),
  set('Khans of Tarkir', 2014, 'foil', 269),
  set('Kaladesh', 2016, 'foil', 264),
  set('Dominaria', 2018, 'modern', 269),
  set('Throne of Eldraine', 2019, 'modern', 269),
  set('Kaldheim', 2021, 'modern', 285),
  set('Modern Horizons 2', 2021, 'modern', 303),
  set('The Lord of the Rings Tales of Middle-earth', 2023, 'modern', 281),
  set('Modern Horizons 3', 2024, 'modern', 303),
  set('Bloomburrow', 2024, 'modern', 281),
  set('Duskmourn', 2024, 'modern', 286),
  set('Final Fantasy', 2025, 'modern', 309),
];

/** Power and duals print only in the early sets; the rest are staples reprinted through the years. */
export const MAGIC_POWER = `Black Lotus 5, Ancestral Recall 5, Time Walk 5, Mox Sapphire 5, Mox Jet 5, Mox Ruby 4, Mox Pearl 4, Mox Emerald 4,
Timetwister 4, Underground Sea 4, Volcanic Island 4, Tropical Island 3, Bayou 3, Badlands 3, Plateau 3, Savannah 3,
Scrubland 3, Taiga 3, Tundra 3, Shivan Dragon 3, Serra Angel 2, Sol Ring 3, Lightning Bolt 3,
Counterspell 2, Birds of Paradise 3, Wrath of God 2, Lord of Atlantis 2, Sengir Vampire 2, Mahamoti Djinn 2`;

/** Alpha, Beta and Unlimited also printed Demonic Tutor, which Revised left out. */
export const MAGIC_ABU_ONLY = 'Demonic Tutor 3';

/**
 * The other chase cards of Magic, each with the sets that printed it (name|stars|set;set): a card
 * is only ever graded from a set it was in.
 */
export const MAGIC_CARDS = `
Juzam Djinn|3|Arabian Nights
Library of Alexandria|3|Arabian Nights
City of Brass|2|Arabian Nights
Mishra's Workshop|3|Antiquities
Candelabra of Tawnos|2|Antiquities
Mana Drain|3|Legends
The Tabernacle at Pendrell Vale|3|Legends
Moat|2|Legends
Necropotence|2|Ice Age
Brainstorm|1|Ice Age
Counterspell|1|Ice Age
Swords to Plowshares|2|Ice Age
Lion's Eye Diamond|3|Mirage
Mystical Tutor|2|Mirage
Wasteland|2|Tempest
Living Death|1|Tempest
Gaea's Cradle|4|Urza's Saga
Tolarian Academy|2|Urza's Saga
Yawgmoth's Will|2|Urza's Saga
Fact or Fiction|1|Invasion
Chrome Mox|2|Mirrodin
Dark Confidant|2|Ravnica City of Guilds
Doubling Season|3|Ravnica City of Guilds
Birds of Paradise|2|Ravnica City of Guilds
Thoughtseize|2|Lorwyn
Scalding Tarn|2|Zendikar
Misty Rainforest|2|Zendikar
Liliana of the Veil|3|Innistrad
Snapcaster Mage|2|Innistrad
Cyclonic Rift|2|Return to Ravnica
Abrupt Decay|1|Return to Ravnica
Polluted Delta|2|Khans of Tarkir
Mana Crypt|4|Kaladesh
Sol Ring|2|Kaladesh
Teferi Hero of Dominaria|2|Dominaria
Karn Scion of Urza|2|Dominaria
Oko Thief of Crowns|3|Throne of Eldraine
Bonecrusher Giant|1|Throne of Eldraine
Esika's Chariot|1|Kaldheim
Ragavan Nimble Pilferer|4|Modern Horizons 2
Urza's Saga|2|Modern Horizons 2
Grief|2|Modern Horizons 2
Solitude|3|Modern Horizons 2
Fury|2|Modern Horizons 2
The One Ring|5|The Lord of the Rings Tales of Middle-earth
Orcish Bowmasters|4|The Lord of the Rings Tales of Middle-earth
Sauron the Dark Lord|2|The Lord of the Rings Tales of Middle-earth
Ugin Eye of the Storms|3|Modern Horizons 3
Nadu Winged Wisdom|2|Modern Horizons 3
Maha Its Feathers Night|2|Bloomburrow
Overlord of the Hauntwoods|2|Duskmourn
Cloud Strife|2|Final Fantasy
Sephiroth Fabled SOLDIER|3|Final Fantasy
`;

export const YUGIOH_SETS: TcgSet[] = [
  set('Legend of Blue Eyes White Dragon', 2002, 'classic', 126, 'LOB', [
    'Blue-Eyes White Dragon',
    'Dark Magician',
    'Red-Eyes Black Dragon',
    'Exodia the Forbidden One',
  ]),
  set('Metal Raiders', 2002, 'classic', 144, 'MRD'),
  set('Spell Ruler', 2002, 'classic', 104, 'SRL'),
  set("Pharaoh's Servant", 2002, 'classic', 105, 'PSV'),
  set('Labyrinth of Nightmare', 2003, 'classic', 105, 'LON'),
  set('Legacy of Darkness', 2003, 'classic', 101, 'LOD'),
  set("Magician's Force", 2003, 'classic', 109, 'MFC'),
  set('Dark Crisis', 2003, 'classic', 110, 'DCR'),
  set('Invasion of Chaos', 2004, 'classic', 110, 'IOC'),
  set('Ancient Sanctuary', 2004, 'classic', 105, 'AST'),
  set('Soul of the Duelist', 2004, 'classic', 60, 'SOD'),
  set('Cybernetic Revolution', 2005, 'classic', 60, 'CRV'),
  set('Legendary Collection Kaiba', 2019, 'modern', 200, 'LCKC'),
  set('25th Anniversary Rarity Collection', 2023, 'modern', 200, 'RA01'),
  set('Age of Overlord', 2023, 'modern', 100, 'AGOV'),
  set('Phantom Nightmare', 2024, 'modern', 100, 'PHNI'),
  set('Quarter Century Bonanza', 2024, 'modern', 200, 'RA03'),
  set('Rage of the Abyss', 2024, 'modern', 100, 'ROTA'),
  set('Alliance Insight', 2025, 'modern', 100, 'ALIN'),
];

export const YUGIOH_NAMES = `Blue-Eyes White Dragon 5 2002, Dark Magician 5 2002, Dark Magician Girl 4 2003,
Red-Eyes Black Dragon 4 2002, Exodia the Forbidden One 4 2002, Black Luster Soldier 3 2002,
Summoned Skull 3 2002, Jinzo 3 2002, Blue-Eyes Ultimate Dragon 3 2002, Raigeki 3 2002,
Pot of Greed 3 2002, Mirror Force 3 2002, Cyber Dragon 3 2005, Stardust Dragon 3 2008,
Ash Blossom & Joyous Spring 3 2016, Monster Reborn 2 2002, Change of Heart 2 2002,
Harpie Lady Sisters 2 2002, Injection Fairy Lily 2 2003, Elemental HERO Neos 2 2006,
Accesscode Talker 2 2020, Snake-Eye Ash 2 2023, Fiendsmith Engraver 2 2024, Sky Striker Ace Raye 2 2018,
Number 39 Utopia 2 2011, Dark Armed Dragon 2 2008, Black Rose Dragon 2 2008,
Gaia The Fierce Knight 2 2002, Kuriboh 2 2002, Time Wizard 2 2002, Thousand Dragon 1 2002,
Man-Eater Bug 1 2002`;

/** The other games: the label is the game, the set is in the title. */
export const OTHER_GAMES: { label: string; prefix: string; sets: TcgSet[]; names: string }[] = [
  {
    label: 'One Piece Card Game',
    prefix: 'One Piece',
    sets: [
      set('Romance Dawn', 2022, 'op', 121, 'OP01'),
      set('Paramount War', 2023, 'op', 121, 'OP02'),
      set('Pillars of Strength', 2023, 'op', 127, 'OP03'),
      set('Kingdoms of Intrigue', 2023, 'op', 121, 'OP04'),
      set('Awakening of the New Era', 2023, 'op', 119, 'OP05'),
      set('Wings of the Captain', 2024, 'op', 119, 'OP06'),
      set('500 Years in the Future', 2024, 'op', 119, 'OP07'),
      set('Two Legends', 2024, 'op', 119, 'OP08'),
      set('Emperors in the New World', 2025, 'op', 119, 'OP09'),
    ],
    names: `Monkey D. Luffy 5, Roronoa Zoro 4, Nami 4, Shanks 4, Portgas D. Ace 4, Trafalgar Law 3, Boa Hancock 3, Yamato 3,
Sanji 3, Nico Robin 3, Uta 3, Kaido 2, Charlotte Katakuri 2, Eustass Kid 2, Sabo 2, Tony Tony Chopper 2, Marshall D. Teach 2`,
  },
  {
    label: 'Disney Lorcana',
    prefix: 'Disney Lorcana',
    sets: [
      set('The First Chapter', 2023, 'lorcana', 204, undefined, ['Elsa Spirit of Winter']),
      set('Rise of the Floodborn', 2023, 'lorcana', 204),
      set('Into the Inklands', 2024, 'lorcana', 204),
      set("Ursula's Return", 2024, 'lorcana', 204),
      set('Shimmering Skies', 2024, 'lorcana', 204),
      set('Azurite Sea', 2024, 'lorcana', 204),
      set("Archazia's Island", 2025, 'lorcana', 204),
    ],
    names: `Elsa Spirit of Winter 5, Mickey Mouse Wayward Sorcerer 4, Stitch Rock Star 4, Maleficent Monstrous Dragon 3,
Belle Strange but Special 3, Genie On the Job 3, Cinderella Stouthearted 3, Ursula Deceiver of All 3, Robin Hood Champion of Sherwood 2,
Rapunzel Gifted with Healing 3, Simba Rightful Heir 2, Tinker Bell Giant Fairy 2, Hades King of Olympus 2, Moana Of Motunui 2`,
  },
  {
    label: 'Dragon Ball Super Card Game',
    prefix: 'Dragon Ball Super',
    sets: [
      set('Galactic Battle', 2018, 'dbs', 130, 'BT1'),
      set('Vermilion Bloodline', 2019, 'dbs', 130, 'BT7'),
      set('Fusion World Awakened Pulse', 2024, 'dbs', 120, 'FB01'),
      set('Fusion World Blazing Aura', 2024, 'dbs', 120, 'FB02'),
    ],
    names: `Son Goku 5, Vegeta 4, Broly 3, Gohan 3, Frieza 3, Gogeta 3, Vegito 3, Trunks 2, Piccolo 2, Beerus 2, Jiren 2`,
  },
  {
    label: 'Digimon Card Game',
    prefix: 'Digimon',
    sets: [
      set('Release Special Booster', 2021, 'digi', 112, 'BT01'),
      set('Great Legend', 2021, 'digi', 112, 'BT04'),
      set('Xros Encounter', 2022, 'digi', 112, 'BT10'),
      set('Across Time', 2023, 'digi', 112, 'BT15'),
    ],
    names: `Omnimon 4, WarGreymon 3, MetalGarurumon 3, Agumon 3, Gabumon 2, Imperialdramon 3, Beelzemon 3, Gallantmon 2, Alphamon 2`,
  },
  {
    label: 'Flesh and Blood',
    prefix: 'Flesh and Blood',
    sets: [
      set('Welcome to Rathe', 2019, 'fab', 225, 'WTR'),
      set('Arcane Rising', 2020, 'fab', 225, 'ARC'),
      set('Monarch', 2021, 'fab', 225, 'MON'),
      set('Tales of Aria', 2021, 'fab', 225, 'ELE'),
    ],
    names: `Fyendal's Spring Tunic 4, Heart of Fyendal 4, Command and Conquer 3, Tunic 2, Eye of Ophidia 3, Arknight Shard 2, Prism 2, Chane 2`,
  },
  {
    label: 'Star Wars Unlimited',
    prefix: 'Star Wars Unlimited',
    sets: [
      set('Spark of Rebellion', 2024, 'swu', 252, 'SOR'),
      set('Shadows of the Galaxy', 2024, 'swu', 262, 'SHD'),
      set('Twilight of the Republic', 2024, 'swu', 257, 'TWI'),
      set('Jump to Lightspeed', 2025, 'swu', 264, 'JTL'),
    ],
    names: `Darth Vader Dark Lord of the Sith 4, Luke Skywalker Faithful Friend 4, Boba Fett Daimyo 3, Han Solo Reluctant Hero 3,
Grogu Irresistible 3, Leia Organa Defiant Princess 2, Emperor Palpatine Galactic Ruler 3, Ahsoka Tano Snips 2`,
  },
];
