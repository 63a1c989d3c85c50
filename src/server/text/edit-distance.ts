/**
 * Edit distance with adjacent transpositions (optimal string alignment): `grde` is 1 from `grade`,
 * `dyas` 1 from `days`, `charzard` 1 from `charizard`. Gives up, returning `cap`, once the distance
 * cannot be below `cap` (the did-you-mean searches compare a word with a whole vocabulary).
 */
export function editDistance(a: string, b: string, cap = Number.POSITIVE_INFINITY): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let previousMin = 0;
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (before[j - 2] as number) + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    // A cell is at least the least of the two rows above it: past `cap` in both, it stays past.
    if (Math.min(rowMin, previousMin) >= cap) return cap;
    before = previous;
    previous = current;
    previousMin = rowMin;
  }
  return Math.min(previous[b.length] as number, cap);
}
