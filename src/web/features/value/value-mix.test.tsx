import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mixOf, mixSentence, ValueMix } from './value-mix';

const card = (title: string, sales: number) => ({ category: 'pokemon', label: 'Base Set', title, sales });
const grade = (name: string, sample_size: number) => ({
  grade: name,
  value: 1,
  low: 1,
  high: 1,
  min: 1,
  max: 1,
  sample_size,
});

describe('what a value mixes', () => {
  it('counts the cards with sales and the grades with sales; one grade when the search names it', () => {
    const cards = [card('A', 3), card('B', 1), card('C', 0)];
    const grades = [grade('PSA 9', 2), grade('PSA 10', 2), grade('Raw', 0)];
    expect(mixSentence(mixOf(cards, grades))).toBe('This value mixes 2 cards and 2 grades.');
    expect(mixSentence(mixOf(cards, grades, 'PSA 10'))).toBe('This value mixes 2 cards.');
    expect(mixSentence(mixOf([card('A', 3)], grades, 'PSA 10'))).toBeNull();
    expect(mixSentence(mixOf(undefined, grades))).toBe('This value mixes 2 grades.');
  });

  it('says "or more" when the API list is full and every card in it sold', () => {
    const cards = Array.from({ length: 20 }, (_, index) => card(`Card ${index}`, 1));
    expect(mixSentence(mixOf(cards, [grade('PSA 9', 1)], 'PSA 9'))).toBe(
      'This value mixes 20 or more cards.',
    );
  });

  it('offers each card as its exact title, keeping the grade of the search', () => {
    render(
      <MemoryRouter>
        <ValueMix
          cards={[card('Charizard Holo #4', 5), card('Charizard 1st Edition Holo #4', 2)]}
          byGrade={[grade('PSA 10', 7)]}
          params={{ q: 'charizard', grade: 'PSA 10' }}
          answer="enriched"
        />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Charizard Holo #4' });
    const url = new URL(link.getAttribute('href') ?? '', 'http://x');
    expect(url.searchParams.get('q')).toBe('"Charizard Holo #4"');
    expect(url.searchParams.get('grade')).toBe('PSA 10');
  });
});
