import { useId } from 'react';
import { CATEGORIES } from '../../../contract/categories';
import { MOVERS_LIMIT } from '../../../contract/param-limits';
import { CategoryOptions } from '../../components/category-options';
import { GradeOptions } from '../../components/grade-options';
import { CARD_MOVER_DAYS, DIRECTIONS, LIMIT_HINT, MOVERS_SHOWS, type MoversView } from './movers-view';
import { useLimitDraft } from './use-limit-draft';

/**
 * Labels or cards; category, limit and direction; for cards, the window, grade and label (a label is
 * sent on Enter or blur). A limit is sent on Enter, on blur or after a short pause in the
 * typing (use-limit-draft.ts), so one edit is one call; a limit outside 1..100 shows the contract's
 * hint and changes nothing (no request is made with it). The page owns the state (in the URL).
 */
export function MoversFilters({
  view,
  onChange,
}: {
  view: MoversView;
  onChange: (view: MoversView) => void;
}) {
  const id = useId();
  const draft = useLimitDraft(view.limit, (limit) => onChange({ ...view, limit }));
  const limitValid = draft.valid;

  return (
    <form
      className="movers-filters"
      aria-label="Movers filters"
      onSubmit={(event) => {
        event.preventDefault();
        draft.commitNow();
      }}
    >
      <Segmented
        legend="Rank"
        options={MOVERS_SHOWS}
        value={view.show}
        name={(show) => (show === 'labels' ? 'Labels' : 'Cards')}
        onChange={(show) => onChange({ ...view, show })}
      />
      <label className="field">
        <span className="field__label">Category</span>
        <select
          className="select"
          value={view.category ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            onChange({ ...view, category: CATEGORIES.find((category) => category === value) ?? null });
          }}
        >
          <CategoryOptions />
        </select>
      </label>
      <label className="field">
        <span className="field__label">Rows (limit)</span>
        <input
          className="input"
          type="number"
          inputMode="numeric"
          min={MOVERS_LIMIT.min}
          max={MOVERS_LIMIT.max}
          value={draft.text}
          aria-invalid={!limitValid}
          aria-describedby={limitValid ? undefined : `${id}-limit-hint`}
          onChange={(event) => draft.edit(event.target.value)}
          onBlur={draft.commitNow}
        />
        {limitValid ? null : (
          <span id={`${id}-limit-hint`} className="field__error" role="alert">
            {LIMIT_HINT}
          </span>
        )}
      </label>
      <Segmented
        legend="Direction"
        options={DIRECTIONS}
        value={view.direction}
        name={(direction) => (direction === 'all' ? 'All' : direction === 'up' ? 'Up' : 'Down')}
        onChange={(direction) => onChange({ ...view, direction })}
      />
      {view.show === 'cards' ? (
        <>
          <Segmented
            legend="Days"
            options={CARD_MOVER_DAYS}
            value={view.days}
            name={String}
            onChange={(days) => onChange({ ...view, days })}
          />
          <label className="field">
            <span className="field__label">Grade</span>
            <select
              className="select"
              value={view.grade}
              onChange={(event) => onChange({ ...view, grade: event.target.value })}
            >
              <GradeOptions empty="All grades" />
            </select>
          </label>
          <label className="field">
            <span className="field__label">Label</span>
            <input
              key={view.label}
              className="input"
              type="search"
              placeholder="any label, such as Base Set"
              defaultValue={view.label}
              onBlur={(event) => onChange({ ...view, label: event.target.value.trim() })}
              onKeyDown={(event) => {
                if (event.key === 'Enter') onChange({ ...view, label: event.currentTarget.value.trim() });
              }}
            />
          </label>
        </>
      ) : null}
    </form>
  );
}

/** One choice of a few, as radio buttons side by side. */
function Segmented<T extends string | number>({
  legend,
  options,
  value,
  name,
  onChange,
}: {
  legend: string;
  options: readonly T[];
  value: T;
  name: (option: T) => string;
  onChange: (option: T) => void;
}) {
  const id = useId();
  return (
    <fieldset className="fieldset movers-filters__segmented">
      <legend className="field__label">{legend}</legend>
      {options.map((option) => (
        <label key={option} className="checkbox">
          <input
            type="radio"
            name={id}
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
          />
          {name(option)}
        </label>
      ))}
    </fieldset>
  );
}
