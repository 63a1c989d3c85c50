import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BILLING_FREE } from '../../../contract/billing';
import { InlineText, splitInlineCode } from './inline-text';
import { costSentence } from './try-it';

afterEach(cleanup);

describe('descriptions with backticks', () => {
  it('renders backticked words as code, not as literal backticks', () => {
    const { container } = render(
      <p>
        <InlineText text="Send `If-None-Match` with the `ETag`; a 304 costs nothing." />
      </p>,
    );
    expect([...container.querySelectorAll('code')].map((code) => code.textContent)).toEqual([
      'If-None-Match',
      'ETag',
    ]);
    expect(container.textContent).toBe('Send If-None-Match with the ETag; a 304 costs nothing.');
  });

  it('leaves an unpaired backtick as text', () => {
    expect(splitInlineCode('a ` b')).toEqual([{ code: false, text: 'a ` b' }]);
  });
});

describe('what a try cost', () => {
  it('says a 304 and an error spend nothing, and a 200 one call with the counts', () => {
    expect(costSentence({ status: 200, cost: 1, remainingBefore: 998, remainingAfter: 997 }, true)).toBe(
      'Cost: 1 call (calls left this month: 998 before, 997 after).',
    );
    expect(costSentence({ status: 304, cost: 0, remainingBefore: 997, remainingAfter: 997 }, true)).toMatch(
      /^Cost: nothing: 304 Not Modified spends no quota/,
    );
    expect(costSentence({ status: 404, cost: 0, remainingBefore: 997, remainingAfter: 997 }, true)).toBe(
      `Cost: nothing (calls left this month: 997 before, 997 after). ${BILLING_FREE}`,
    );
    // A no_match on a card that matched spends a call; without the count before, either may be true.
    expect(costSentence({ status: 404, cost: 1, remainingBefore: 997, remainingAfter: 996 }, true)).toBe(
      'Cost: 1 call (calls left this month: 997 before, 996 after).',
    );
    expect(costSentence({ status: 404, cost: null, remainingBefore: null, remainingAfter: 996 }, true)).toBe(
      'Cost: 1 call if the words match a card, else nothing (calls left this month: ? before, 996 after).',
    );
    expect(costSentence({ status: 200, cost: 0, remainingBefore: null, remainingAfter: null }, false)).toBe(
      'Cost: nothing (no key needed).',
    );
  });
});
