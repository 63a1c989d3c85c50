import { CATEGORIES } from '../../contract/categories';

/** The options of a category select: "All categories" (the empty value), then the 19 categories. */
export function CategoryOptions() {
  return (
    <>
      <option value="">All categories</option>
      {CATEGORIES.map((category) => (
        <option key={category} value={category}>
          {category}
        </option>
      ))}
    </>
  );
}
