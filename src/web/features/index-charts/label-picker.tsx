import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Category } from '../../../contract/categories';
import { ApiCallPanel } from '../../components/api-call/api-call-panel';
import { QueryState } from '../../components/query-state/query-state';
import { categoryLabelsQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';
import { MAX_LABELS } from './index-view';

/**
 * The labels being charted, each removable, and a list of the category's labels to add from. The
 * list costs a call (`/v1/categories?category=...`, usually already cached by the floor page), so it
 * is only asked for when opened.
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
        {open ? <LabelList category={category} labels={labels} onLabels={onLabels} /> : null}
      </details>
    </div>
  );
}

function LabelList({ category, labels, onLabels }: Omit<LabelPickerProps, 'onBackToCategories'>) {
  const api = useApiConnection();
  const query = categoryLabelsQuery(api, category);
  const result = useQuery(query);
  const full = labels.length >= MAX_LABELS;
  return (
    <>
      <QueryState
        result={result}
        label={`the labels of ${category}`}
        isEmpty={(data) => data.labels.length === 0}
      >
        {(data) => (
          <ul className="label-picker__list">
            {data.labels
              .filter((stat) => !labels.includes(stat.label))
              .map((stat) => (
                <li key={stat.label}>
                  <button
                    type="button"
                    className="button button--small"
                    disabled={full}
                    onClick={() => onLabels([...labels, stat.label])}
                  >
                    Add {stat.label}
                  </button>{' '}
                  <span className="page__meta">{stat.listings} listings</span>
                </li>
              ))}
          </ul>
        )}
      </QueryState>
      {full ? <p className="field__help">At most {MAX_LABELS} labels at once: each costs a call.</p> : null}
      <ApiCallPanel request={query.queryKey[1]} result={result} />
    </>
  );
}
