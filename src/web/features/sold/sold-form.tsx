import { SOLD_DAYS } from '../../../contract/param-limits';
import { GradeField } from '../../components/card-search/grade-field';
import { CardQueryField, SearchField } from '../../components/card-search/search-field';
import { QueryChanges, useCollectorDraft } from '../../components/card-search/use-collector-draft';
import type { SoldField, SoldSearch } from './sold-search';

type SoldFormProps = {
  /** The URL's values (useUrlState's view): when they change, the draft takes them again. */
  initial: SoldSearch;
  hints: Partial<Record<SoldField, string>>;
  onSubmit: (search: SoldSearch) => void;
};

/** The sold-comp explorer's inputs. The page owns the state in the URL; this holds the draft. */
export function SoldForm({ initial, hints, onSubmit }: SoldFormProps) {
  const { draft, set, submit, changes } = useCollectorDraft(initial, onSubmit);
  return (
    <form className="search-form" onSubmit={submit} aria-label="Sold comps search" noValidate>
      <CardQueryField value={draft.q} onChange={set('q')} hint={hints.q} />
      <GradeField value={draft.grade} onChange={set('grade')} hint={hints.grade} />
      <SearchField
        label="Window (days)"
        name="days"
        value={draft.days}
        onChange={set('days')}
        hint={hints.days}
        help={`${SOLD_DAYS.min} to ${SOLD_DAYS.max}, default ${SOLD_DAYS.default}`}
        inputMode="numeric"
      />
      <button type="submit" className="button button--primary">
        Show sold comps
      </button>
      <QueryChanges changes={changes} />
    </form>
  );
}
