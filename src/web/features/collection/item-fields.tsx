import { useState } from 'react';
import { canonicalGrade } from '../../../contract/grades';
import { GradeOptions } from '../../components/grade-options';
import type { CollectionDraft } from '../../lib/collection/collection-item';
import { draftProblem } from './collection-csv';

export const todayUtc = (): string => new Date().toISOString().slice(0, 10);

interface Fields {
  grade: string;
  quantity: string;
  cost: string;
  acquired: string;
  note: string;
}

const fieldsOf = (draft: Partial<CollectionDraft>): Fields => ({
  grade: draft.grade ?? '',
  quantity: String(draft.quantity ?? 1),
  cost: draft.cost === null || draft.cost === undefined ? '' : String(draft.cost),
  acquired: draft.acquired ?? '',
  note: draft.note ?? '',
});

/** The fields as a draft of `title`, or why not (the CSV's rules). */
function draftOf(title: string, fields: Fields): CollectionDraft | string {
  const grade = canonicalGrade(fields.grade);
  if (grade === null)
    return `"${fields.grade}" is not a grade: use PSA 10, BGS 9.5, CGC 9, SGC 10, TAG 8.5 or Raw`;
  const cost = fields.cost.trim() === '' ? null : Number(fields.cost);
  if (cost !== null && (!Number.isFinite(cost) || Math.round(cost * 100) !== cost * 100))
    return 'the cost must be a price in dollars, such as 120 or 120.50';
  const draft: CollectionDraft = {
    title,
    grade,
    quantity: Number(fields.quantity),
    cost,
    acquired: fields.acquired === '' ? null : fields.acquired,
    note: fields.note,
  };
  return draftProblem(draft, todayUtc()) ?? draft;
}

/**
 * Grade, quantity, cost of one copy, date bought and note of one card, as a form: adding a card
 * (with the grades it trades in offered) and editing a line in place use it alike.
 */
export function ItemFields({
  title,
  initial,
  grades,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  title: string;
  initial: Partial<CollectionDraft>;
  grades: readonly string[];
  submitLabel: string;
  onSubmit: (draft: CollectionDraft) => void;
  onCancel?: () => void;
}) {
  const [fields, setFields] = useState(() => fieldsOf(initial));
  const [problem, setProblem] = useState<string | null>(null);
  const set = (name: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((previous) => ({ ...previous, [name]: event.target.value }));
  return (
    <form
      className="collection-fields"
      aria-label={`${submitLabel}: ${title}`}
      onSubmit={(event) => {
        event.preventDefault();
        const draft = draftOf(title, fields);
        if (typeof draft === 'string') setProblem(draft);
        else {
          setProblem(null);
          onSubmit(draft);
        }
      }}
    >
      <label className="field">
        <span className="field__label">Grade</span>
        <select className="select" value={fields.grade} onChange={set('grade')} required>
          <GradeOptions empty="Choose a grade" traded={grades} />
        </select>
      </label>
      <label className="field">
        <span className="field__label">Quantity</span>
        <input
          className="input"
          type="number"
          min={1}
          step={1}
          value={fields.quantity}
          onChange={set('quantity')}
        />
      </label>
      <label className="field">
        <span className="field__label">Paid per copy (USD, optional)</span>
        <input className="input" inputMode="decimal" value={fields.cost} onChange={set('cost')} />
      </label>
      <label className="field">
        <span className="field__label">Bought on (optional)</span>
        <input
          className="input"
          type="date"
          max={todayUtc()}
          value={fields.acquired}
          onChange={set('acquired')}
        />
      </label>
      <label className="field collection-fields__note">
        <span className="field__label">Note (optional)</span>
        <input className="input" value={fields.note} onChange={set('note')} maxLength={500} />
      </label>
      {problem ? (
        <p className="field__error collection-fields__wide" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="button-row collection-fields__wide">
        <button type="submit" className="button button--primary">
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
