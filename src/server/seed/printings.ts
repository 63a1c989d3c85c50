import type { CatalogueCard } from './catalogue/catalogue-card';
import type { GradeProfile } from './grade-model';
import { derivePrng } from './prng';

/**
 * Printings of one card (shared/market-references.md, "Print variants"): 1st Edition > Shadowless >
 * Unlimited in every grade, each a multiple of the next. A printing shares the ladder of the card it
 * was printed after, at a multiple of its level:
 *
 * - Shadowless: 3 to 6 times Unlimited;
 * - 1st Edition of a set with a Shadowless run (Base Set): 5 to 10 times Shadowless;
 * - 1st Edition of other sets (Jungle, Fossil; Yu-Gi-Oh's 1st Edition against Unlimited): 2.5 to 5
 *   times Unlimited.
 *
 * The titles tell the printings apart: a Shadowless or 1st Edition title without those words (or
 * with Unlimited for 1st Edition) is the Unlimited card's title, in the same label.
 */
export const PRINTING_MULTIPLE = {
  shadowless: [3, 6],
  firstOverShadowless: [5, 10],
  first: [2.5, 5],
} as const satisfies Record<string, readonly [number, number]>;

/** Labels whose 1st Edition was followed by a Shadowless run before the Unlimited one. */
const SHADOWLESS_LABELS = new Set(['Base Set']);

/** A card's price level before its paths: its ladder, and its PSA 9 at the as-of (anchored) or at the start. */
export interface CardLevel {
  profile: GradeProfile;
  psa9AtAsOf: number | null;
  psa9Start: number;
}

type Printing = 'unlimited' | 'shadowless' | 'first';

/** Which printing a title is, and the titles its Unlimited card may have (first found wins). */
export function printingOf(title: string): { printing: Printing; candidates: string[] } {
  if (/ Shadowless /.test(title)) {
    return { printing: 'shadowless', candidates: [title.replace(' Shadowless ', ' ')] };
  }
  if (/ 1st Edition( |$)/.test(title)) {
    return {
      printing: 'first',
      candidates: [title.replace(' 1st Edition', ' Unlimited'), title.replace(' 1st Edition', '')],
    };
  }
  return { printing: 'unlimited', candidates: [] };
}

/**
 * Aligns the printings of each card in the catalogue: every member of a group takes the ladder of its
 * lead (an anchored member, else the Unlimited card, else the first printing found) and a level at
 * its multiple of the lead's. Two anchored members (Unlimited and 1st Edition Charizard) fix the
 * product of the multiples between them; the Shadowless multiple is then drawn inside what both
 * ranges allow. Draws come from the group's own stream: the same seed gives the same market.
 */
export function alignPrintings(catalogue: readonly CatalogueCard[], levels: CardLevel[], seed: number): void {
  const indexByTitle = new Map(catalogue.map((card, i) => [`${card.label}\u0000${card.title}`, i]));
  const groups = new Map<string, { unlimited?: number; shadowless?: number; first?: number }>();
  catalogue.forEach((card, i) => {
    const { printing, candidates } = printingOf(card.title);
    if (printing === 'unlimited') return;
    const root =
      candidates.find((title) => indexByTitle.has(`${card.label}\u0000${title}`)) ??
      (candidates[candidates.length - 1] as string);
    const key = `${card.label}\u0000${root}`;
    const group = groups.get(key) ?? {};
    const rootIndex = indexByTitle.get(key);
    if (rootIndex !== undefined) group.unlimited = rootIndex;
    group[printing] = i;
    groups.set(key, group);
  });
  let stream = 0;
  for (const [key, group] of groups) {
    stream += 1;
    const label = key.split('\u0000')[0] as string;
    const prng = derivePrng(seed, 400_000 + stream);
    const logUniform = ([low, high]: readonly [number, number]) => low * (high / low) ** prng.next();
    const withShadowless = SHADOWLESS_LABELS.has(label);
    let shadowless = logUniform(PRINTING_MULTIPLE.shadowless);
    let firstOver = withShadowless
      ? logUniform(PRINTING_MULTIPLE.firstOverShadowless)
      : logUniform(PRINTING_MULTIPLE.first);
    const members = (['unlimited', 'shadowless', 'first'] as const)
      .map((printing) => ({ printing, index: group[printing] }))
      .filter((member): member is { printing: Printing; index: number } => member.index !== undefined);
    if (members.length < 2) continue;
    const anchored = members.filter((member) => catalogue[member.index]?.anchors !== undefined);
    const lead = anchored[0] ?? members[0];
    if (!lead) continue;
    const leadLevel = levels[lead.index] as CardLevel;
    // A second anchored member fixes the multiple between it and the lead.
    const fixed = anchored[1];
    if (fixed && lead.printing === 'unlimited' && fixed.printing === 'first') {
      const total = anchoredMultiple(catalogue[fixed.index] as CatalogueCard, leadLevel);
      if (total !== null && withShadowless) {
        shadowless = Math.min(6, Math.max(3, total / 10, Math.min(total / 5, shadowless)));
        firstOver = total / shadowless;
      } else if (total !== null) {
        firstOver = total;
      }
    }
    const multiple: Record<Printing, number> = {
      unlimited: 1,
      shadowless,
      first: withShadowless ? shadowless * firstOver : firstOver,
    };
    for (const member of members) {
      if (member === lead) continue;
      const ratio = multiple[member.printing] / multiple[lead.printing];
      levels[member.index] = {
        profile: leadLevel.profile,
        psa9AtAsOf: leadLevel.psa9AtAsOf === null ? null : leadLevel.psa9AtAsOf * ratio,
        psa9Start: leadLevel.psa9Start * ratio,
      };
    }
  }
}

/** The anchored card's price against its Unlimited lead's, in the first anchored grade both price. */
function anchoredMultiple(card: CatalogueCard, lead: CardLevel): number | null {
  if (lead.psa9AtAsOf === null) return null;
  for (const [grade, price] of Object.entries(card.anchors ?? {})) {
    const at = lead.profile.grades.indexOf(grade);
    if (price !== undefined && at >= 0) {
      return price / (lead.psa9AtAsOf * (lead.profile.multiple[at] as number));
    }
  }
  return null;
}
