import { useId } from 'react';
import { type Category, isCategory } from '../../../contract/categories';
import { CategoryOptions } from '../../components/category-options';

/** The category filter: all 19 categories of the service, "All categories" clears it. */
export function CategoryFilter({
  value,
  onChange,
}: {
  value: Category | null;
  onChange: (next: Category | null) => void;
}) {
  const id = useId();
  return (
    <div className="field field--inline">
      <label className="field__label" htmlFor={id}>
        Category
      </label>
      <select
        id={id}
        className="select"
        value={value ?? ''}
        onChange={(event) => onChange(isCategory(event.target.value) ? event.target.value : null)}
      >
        <CategoryOptions />
      </select>
    </div>
  );
}
