import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { CATEGORIES, type Category } from '../../../contract/categories';
import { ApiCallPanel } from '../../components/api-call/api-call-panel';
import { QueryState } from '../../components/query-state/query-state';
import { categoryLabelsQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';
import { formatInteger } from '../../lib/format';
import { MAX_LABELS } from './index-view';
import { matchLabels } from './label-filter';

/**
 * The labels being charted, each removable, and a search of the category's labels to add from.
 * The list costs a call (`/v1/categories?category=...`, usually already cached by the floor page),
 * so it is only asked for when the search is opened.
 */
export type LabelPickerProps = {
  category: Category;
  labels: readonly string[];
  onLabels: (labels: string[]) => void;
  onBackToCategories: () => void;
};

export function LabelPicker({ category, labels, onLabels, onBackToCategories }: LabelPickerProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className="label-picker">
      <p className="field__label">Labels of {category}</p>
      <ul className="label-picker__chips">
        {labels.map((label) => (
          <li key={label} className="label-picker__chip">
            {label}
            <button
              type="button"
              className="button button--small"
              aria-label={`Remove ${label}`}
              disabled={labels.length === 1}
              onClick={() => onLabels(labels.filter((candidate) => candidate !== label))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="button button--small" onClick={onBackToCategories}>
        Chart the category instead
      </button>
      <details onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>Add a label of {category}</summary>
        {open ? (
          <LabelSearch category={category} charted={labels} onAdd={(label) => onLabels([...labels, label])} />
        ) : null}
      </details>
    </div>
  );
}

/**
 * From a chart of categories to a chart of labels: pick a category (the first one charted to begin
 * with), search its labels, and the first label chosen starts a label chart of that category.
 */
export function LabelSearchStart({
  categories,
  onStart,
}: {
  categories: readonly Category[];
  onStart: (category: Category, label: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [category, setCategory] = useState<Category>(categories[0] ?? CATEGORIES[0]);
  const id = useId();
  return (
    <details className="label-picker" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Chart labels (sets) of a category instead</summary>
      {open ? (
        <div className="label-picker__search">
          <label className="field" htmlFor={`${id}-category`}>
            <span className="field__label">Category</span>
            <select
              id={`${id}-category`}
              className="select"
              value={category}
              onChange={(event) => setCategory(event.target.value as Category)}
            >
              {CATEGORIES.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </label>
          <LabelSearch category={category} charted={[]} onAdd={(label) => onStart(category, label)} />
        </div>
      ) : null}
    </details>
  );
}

function LabelSearch({
  category,
  charted,
  onAdd,
}: {
  category: Category;
  charted: readonly string[];
  onAdd: (label: string) => void;
}) {
  const api = useApiConnection();
  const query = categoryLabelsQuery(api, category);
  const result = useQuery(query);
  const [text, setText] = useState('');
  const id = useId();
  const full = charted.length >= MAX_LABELS;
  return (
    <div className="label-picker__search">
      <label className="field" htmlFor={`${id}-text`}>
        <span className="field__label">Search the labels of {category}</span>
        <input
          id={`${id}-text`}
          className="input"
          type="search"
          value={text}
          placeholder="e.g. base set"
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      <QueryState
        result={result}
        label={`the labels of ${category}`}
        isEmpty={(data) => data.labels.length === 0}
      >
        {(data) => {
          const { shown, total } = matchLabels(data.labels, text, charted);
          return (
            <>
              <p className="page__meta" aria-live="polite">
                {total === 0
                  ? `No label of ${category} matches "${text}".`
                  : `${shown.length < total ? `The ${shown.length} most listed of ` : ''}${formatInteger(total)} matching label${total === 1 ? '' : 's'}${shown.length < total ? ': type to narrow' : ''}.`}
              </p>
              <ul className="label-picker__list" aria-label={`Labels of ${category}`}>
                {shown.map((stat) => (
                  <li key={stat.label}>
                    <button
                      type="button"
                      className="button button--small"
                      disabled={full}
                      onClick={() => onAdd(stat.label)}
                    >
                      Add {stat.label}
                    </button>{' '}
                    <span className="page__meta">{formatInteger(stat.listings)} listings</span>
                  </li>
                ))}
              </ul>
            </>
          );
        }}
      </QueryState>
      {full ? <p className="field__help">At most {MAX_LABELS} labels at once: each costs a call.</p> : null}
      <ApiCallPanel request={query.queryKey[1]} result={result} />
    </div>
  );
}
