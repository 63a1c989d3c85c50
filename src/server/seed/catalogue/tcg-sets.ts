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
}

const set = (label: string, year: number, era: string, size: number, code?: string): TcgSet =>
  code === undefined ? { label, year, era, size } : { label, year, era, size, code };

export const POKEMON_SETS: TcgSet[] = [
  set('Base Set', 1999, 'wotc-base', 102),
  set('Jungle', 1999, 'wotc', 64),
  set('Fossil', 1999, 'wotc', 62),
  set('Base Set 2', 2000, 'wotc', 130),
  set('Team Rocket', 2000, 'wotc', 83),
  set('Gym Heroes', 2000, 'wotc', 132),
  set('Gym Challenge', 2000, 'wotc', 132),
  set('Neo Genesis', 2000, 'wotc', 111),
  set('Neo Discovery', 2001, 'wotc', 75),
  set('Neo Revelation', 2001, 'wotc', 66),
  set('Neo Destiny', 2002, 'wotc', 113),
  set('Legendary Collection', 2002, 'wotc', 110),
  set('Skyridge', 2003, 'wotc', 144),
  set('EX Dragon', 2003, 'ex', 100),
  set('EX FireRed LeafGreen', 2004, 'ex', 116),
  set('EX Deoxys', 2005, 'ex', 107),
  set('Diamond & Pearl', 2007, 'ex', 130),
  set('HeartGold SoulSilver', 2010, 'ex', 123),
  set('XY Evolutions', 2016, 'xy', 113),
  set('Hidden Fates', 2019, 'sm', 163),
  set("Champion's Path", 2020, 'modern', 80),
  set('Vivid Voltage', 2020, 'modern', 203),
  set('Shining Fates', 2021, 'modern', 195),
  set('Celebrations', 2021, 'modern', 50),
  set('Evolving Skies', 2021, 'modern', 237),
  set('Fusion Strike', 2021, 'modern', 284),
  set('Brilliant Stars', 2022, 'modern', 186),
  set('Lost Origin', 2022, 'modern', 217),
  set('Silver Tempest', 2022, 'modern', 215),
  set('Crown Zenith', 2023, 'modern', 230),
  set('Scarlet & Violet 151', 2023, 'sv', 207),
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
  set('Edge of Eternities', 2025, 'modern', 276),
];

/** Power and duals print only in the early sets; the rest are staples reprinted through the years. */
export const MAGIC_POWER = `Black Lotus 5, Ancestral Recall 5, Time Walk 5, Mox Sapphire 5, Mox Jet 5, Mox Ruby 4, Mox Pearl 4, Mox Emerald 4,
Timetwister 4, Underground Sea 4, Volcanic Island 4, Tropical Island 3, Bayou 3, Badlands 3, Plateau 3, Savannah 3,
Scrubland 3, Taiga 3, Tundra 3, Shivan Dragon 3, Serra Angel 2, Demonic Tutor 3, Sol Ring 3, Lightning Bolt 3,
Counterspell 2, Birds of Paradise 3, Wrath of God 2, Lord of Atlantis 2, Sengir Vampire 2, Mahamoti Djinn 2`;

export const MAGIC_STAPLES = `Jace the Mind Sculptor 4 2010, Liliana of the Veil 3 2011, Tarmogoyf 3 2007,
Ragavan Nimble Pilferer 4 2021, The One Ring 5 2023, Sheoldred the Apocalypse 4 2022,
Orcish Bowmasters 4 2023, Thoughtseize 2 2007, Snapcaster Mage 2 2011, Dark Confidant 2 2005,
Force of Will 4 1996, Mana Crypt 4 1995, Rhystic Study 3 2000, Cyclonic Rift 2 2012,
Smothering Tithe 3 2019, Dockside Extortionist 3 2019, Urza's Saga 2 2021, Elesh Norn 3 2011,
Griselbrand 2 2012, Emrakul the Aeons Torn 3 2010, Craterhoof Behemoth 2 2012, Teferi Time Raveler 2 2019,
Oko Thief of Crowns 3 2019, Wrenn and Six 3 2019, Grief 2 2021, Solitude 3 2021, Fury 2 2021,
Doubling Season 3 2005, Mana Drain 3 1994, Cloud Strife 2 2025, Sephiroth Fabled SOLDIER 3 2025,
Lightning Bolt 2 1993, Sol Ring 2 1993, Arcane Signet 1 2019, Counterspell 1 1993, Brainstorm 1 1995,
Swords to Plowshares 2 1993`;

export const YUGIOH_SETS: TcgSet[] = [
  set('Legend of Blue Eyes White Dragon', 2002, 'classic', 126, 'LOB'),
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
      set('The First Chapter', 2023, 'lorcana', 204),
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
