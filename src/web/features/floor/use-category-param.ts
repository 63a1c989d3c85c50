import { useSearchParams } from 'react-router';
import { type Category, isCategory } from '../../../contract/categories';

/**
 * The floor's category filter lives in the URL (`/?category=pokemon`), so it survives reloads and
 * can be shared. An unknown value is reported (not silently dropped) and treated as no filter.
 */
export function useCategoryParam(): {
  category: Category | null;
  invalid: string | null;
  setCategory: (next: Category | null) => void;
} {
  const [params, setParams] = useSearchParams();
  const raw = params.get('category');
  const category = raw !== null && isCategory(raw) ? raw : null;
  const setCategory = (next: Category | null) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === null) updated.delete('category');
      else updated.set('category', next);
      return updated;
    });
  return { category, invalid: raw !== null && category === null ? raw : null, setCategory };
}
