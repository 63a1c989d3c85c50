import { API_KEY_QUERY_PARAM } from '../../contract/api-key';

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

/** Edit distance with transpositions (optimal string alignment): `grde` is 1 from `grade`, `dyas` 1 from `days`. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const above = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      row.push(best);
    }
    rows.push(row);
  }
  return (rows[a.length] as number[])[b.length] as number;
}

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
    return `${path} has no parameter ${shown}${nearest === null ? '' : `: did you mean ${nearest}?`} It ${takes}. An unknown parameter is refused so that a typo never changes an answer; this spent nothing.`;
  }
  return null;
}
