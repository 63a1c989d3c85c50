import { GRADERS } from '../../../contract/grades';
import type { GradingFields } from './grading-model';

const NUMBER_FIELDS = [
  { name: 'fee', label: 'Grading fee ($)', step: '0.01' },
  { name: 'cost', label: 'Raw copy cost ($)', step: '0.01' },
  { name: 'selling_pct', label: 'Selling costs (%)', step: '0.01' },
  { name: 'selling_fixed', label: 'Selling costs per sale ($)', step: '0.01' },
] as const;

/**
 * The assumptions, each editable: grader, fee, the raw copy's cost, selling costs. An empty field
 * uses the server's default, shown as its placeholder once an answer has come.
 */
export function GradingFieldsForm({
  fields,
  defaults,
  onChange,
}: {
  fields: GradingFields;
  defaults: Partial<Record<'fee' | 'selling_pct' | 'selling_fixed', number>>;
  onChange: (fields: GradingFields) => void;
}) {
  return (
    <fieldset className="grading-fields">
      <legend>Assumptions</legend>
      <label>
        Grader
        <select
          value={fields.grader}
          onChange={(event) =>
            onChange({
              ...fields,
              grader: event.target.value as GradingFields['grader'],
            })
          }
        >
          {GRADERS.map((grader) => (
            <option key={grader}>{grader}</option>
          ))}
        </select>
      </label>
      {NUMBER_FIELDS.map((field) => {
        const fallback = field.name === 'cost' ? undefined : defaults[field.name];
        return (
          <label key={field.name}>
            {field.label}
            <input
              type="number"
              inputMode="decimal"
              min="0"
              step={field.step}
              name={field.name}
              value={fields[field.name]}
              placeholder={
                fallback === undefined ? (field.name === 'cost' ? 'optional' : '') : String(fallback)
              }
              onChange={(event) => onChange({ ...fields, [field.name]: event.target.value })}
            />
          </label>
        );
      })}
    </fieldset>
  );
}
