import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { MatchedCardsList } from './matched-cards-list';

afterEach(cleanup);

describe('MatchedCardsList', () => {
  it('lists each matched card with links to narrow q and to its label index chart', () => {
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
    const narrow = screen.getAllByRole('link', { name: 'Value of this card only' })[0];
    expect(narrow?.getAttribute('href')).toBe(
      '/value?q=1999+Pokemon+Base+Set+Charizard+Holo+%234&grade=PSA+10',
    );
  });
});
