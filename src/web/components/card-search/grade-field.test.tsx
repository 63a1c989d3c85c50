import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { GRADE_HINT } from '../../../contract/grades';
import { GradeField } from './grade-field';

afterEach(cleanup);

function Harness({ hint }: { hint?: string }) {
  const [value, setValue] = useState('');
  return <GradeField value={value} onChange={setValue} hint={hint} />;
}

describe('GradeField', () => {
  it('shows psa10 as PSA 10 once the field is left', () => {
    render(<Harness />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Grade' });
    fireEvent.change(input, { target: { value: 'psa10' } });
    expect(input.value).toBe('psa10');
    fireEvent.blur(input);
    expect(input.value).toBe('PSA 10');
    fireEvent.change(input, { target: { value: 'bgs-9.5' } });
    fireEvent.blur(input);
    expect(input.value).toBe('BGS 9.5');
  });

  it('leaves what is not a grade as typed', () => {
    render(<Harness />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Grade' });
    fireEvent.change(input, { target: { value: 'psa 11' } });
    fireEvent.blur(input);
    expect(input.value).toBe('psa 11');
  });

  it('announces a refusal hint as the field description and marks it invalid', () => {
    render(<Harness hint={GRADE_HINT} />);
    const input = screen.getByRole('textbox', { name: 'Grade' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe(GRADE_HINT);
  });
});
