import { canonicalGrade } from '../../../contract/grades';
import { SearchField } from './search-field';

/**
 * The grade input of both card pages: takes `psa10`, `PSA-10`, `psa 10` and shows `PSA 10` as soon
 * as the field is left (decisions.md: grade input is case- and space-insensitive).
 */
export function GradeField({
  value,
  onChange,
  hint,
}: {
  value: string;
  onChange: (value: string) => void;
  hint?: string | undefined;
}) {
  return (
    <SearchField
      label="Grade"
      name="grade"
      value={value}
      onChange={onChange}
      onBlur={() => {
        const canonical = canonicalGrade(value);
        if (canonical !== null && canonical !== value) onChange(canonical);
      }}
      hint={hint}
      help="Optional: PSA 10, BGS 9.5, CGC 9, SGC 10, TAG 8.5 or Raw."
      placeholder="any grade"
      autoComplete="off"
    />
  );
}
