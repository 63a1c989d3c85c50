import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { CardQueryField } from './search-field';

afterEach(cleanup);

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return <CardQueryField value={value} onChange={setValue} />;
}

describe('CardQueryField', () => {
  it('shows an exact-title q with its quotes and says what the quotes do', () => {
    render(<Harness initial={'"1999 Pokemon Base Set Charizard Holo #4"'} />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Card' });
    expect(input.value).toBe('"1999 Pokemon Base Set Charizard Holo #4"');
    expect(input.getAttribute('aria-describedby') ?? '').not.toBe('');
    expect(screen.getByText(/An exact title in double quotes: this card only/)).toBeVisible();

    fireEvent.change(input, { target: { value: '1999 Pokemon Base Set Charizard Holo #4' } });
    expect(screen.getByText(/Words of the card title, any order/)).toBeVisible();
  });
});
