import { API_KEY_QUERY_PARAM } from '../../contract/api-key';
import { editDistance } from '../text/edit-distance';

/**
 * Strict parameters (decisions.md, "Parameters"): a keyed operation refuses a parameter it does not
 * know, so that a typo (`grde=psa10`) never silently changes an answer and spends a call. The names
 * an operation knows are those of its registry params schema, and `key`.
 */

/** The names a keyed operation takes: its schema's, then `key`. */
export const knownParameters = (shape: Readonly<Record<string, unknown>>): readonly string[] => [
  ...Object.keys(shape),
  API_KEY_QUERY_PARAM,
];

/**
 * The known name a sent one most likely meant: the closest within a third of its length (at least
 * 1 edit, case aside), or the one it begins (`cat` -> `category`); null when none is close.
 */
export function nearestParameter(sent: string, known: readonly string[]): string | null {
  const name = sent.toLowerCase();
  let best: string | null = null;
  let bestDistance = Math.max(1, Math.floor(name.length / 3)) + 1;
  for (const candidate of known) {
    const distance = editDistance(name, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (best !== null) return best;
  if (name.length >= 3) return known.find((candidate) => candidate.startsWith(name)) ?? null;
  return null;
}

const SHOWABLE_NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,31}$/;

/** The hint of the 400 for the first unknown parameter of a query, or null when every name is known. */
export function unknownParameterHint(
  path: string,
  sent: Iterable<string>,
  known: readonly string[],
): string | null {
  for (const name of sent) {
    if (known.includes(name)) continue;
    // A name is shown only when it looks like one (never a pasted key or a long text).
    const shown = SHOWABLE_NAME.test(name) ? `"${name}"` : 'of that name';
    const nearest = nearestParameter(name, known);
    const takes = known.length > 1 ? `takes ${known.join(', ')}` : `takes no parameter but ${known[0]}`;
    return `${path} has no parameter ${shown}${nearest === null ? '.' : `: did you mean ${nearest}?`} It ${takes}. An unknown parameter is refused so that a typo never changes an answer; this spent nothing.`;
  }
  return null;
}
