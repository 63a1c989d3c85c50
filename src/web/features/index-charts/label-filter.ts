import type { LabelStat } from '../../../contract/resources';

/** Lower case, accents and punctuation gone: "Pokémon: Base-Set" and "pokemon base set" match. */
const fold = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The labels a search shows: every word typed found in the label (in any order), the ones not
 * charted yet, most listed first (the labels a collector most likely means), at most `limit`.
 */
export function matchLabels(
  stats: readonly LabelStat[],
  text: string,
  charted: readonly string[],
  limit = 12,
): { shown: LabelStat[]; total: number } {
  const words = fold(text).split(' ').filter(Boolean);
  const matching = stats.filter((stat) => {
    if (charted.includes(stat.label)) return false;
    const label = fold(stat.label);
    return words.every((word) => label.includes(word));
  });
  const ordered = [...matching].sort((a, b) => b.listings - a.listings || a.label.localeCompare(b.label));
  return { shown: ordered.slice(0, limit), total: matching.length };
}
