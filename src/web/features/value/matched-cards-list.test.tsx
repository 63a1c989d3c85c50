import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { MatchedCardsList } from './matched-cards-list';

afterEach(cleanup);

describe('MatchedCardsList', () => {
  it('lists each matched card with links to this card only (exact title) and to its label index chart', () => {
    render(
      <MemoryRouter>
        <MatchedCardsList
          grade="PSA 10"
          cards={[
            {
              category: 'pokemon',
              label: 'Base Set',
              title: '1999 Pokemon Base Set Charizard Holo #4',
              sales: 17,
            },
            { category: 'pokemon', label: 'Jungle', title: '1999 Pokemon Jungle Charizard', sales: 3 },
          ]}
        />
      </MemoryRouter>,
    );
    expect(screen.getAllByTestId('matched-card-sales').map((cell) => cell.textContent)).toEqual(['17', '3']);
    const index = screen.getByRole('link', { name: 'Index chart of Base Set' });
    expect(index.getAttribute('href')).toBe('/index?category=pokemon&label=Base+Set');
    const narrow = screen.getAllByRole('link', { name: 'Value of this card only' });
    expect(narrow.map((link) => link.getAttribute('href'))).toEqual([
      '/value?q=%221999+Pokemon+Base+Set+Charizard+Holo+%234%22&grade=PSA+10',
      '/value?q=%221999+Pokemon+Jungle+Charizard%22&grade=PSA+10',
    ]);
  });

  it('offers no "this card only" link for a title that is not a valid q', () => {
    const title = Array.from({ length: 13 }, (_, index) => `word${index}`).join(' ');
    render(
      <MemoryRouter>
        <MatchedCardsList cards={[{ category: 'pokemon', label: 'Promo', title, sales: 1 }]} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link', { name: 'Value of this card only' })).toBeNull();
    expect(screen.getByTestId('matched-card-sales').parentElement?.textContent).toMatch(/· 1 sale$/);
    expect(screen.getByRole('link', { name: 'Index chart of Promo' })).toBeVisible();
  });
});
