import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { suggestionSentence } from '../../../contract/card-query';
import { ApiError } from '../../lib/api/api-error';
import { ErrorPanel } from './error-panel';

afterEach(cleanup);

const noMatch = (hint: string) =>
  new ApiError({ kind: 'http', status: 404, code: 'no_match', hint, resetAt: null });
const HINT = `No card title contains zzqx. ${suggestionSentence(['charizard', 'base'])}`;
const href = (q: string) => `/sold?${new URLSearchParams({ q, grade: 'PSA 10', days: '90' }).toString()}`;

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

describe('ErrorPanel no_match', () => {
  it('offers the query the hint suggests as a link to the same page, the other parameters kept', () => {
    render(
      <MemoryRouter initialEntries={['/sold?q=charizard+base+zzqx&grade=PSA+10&days=90']}>
        <Routes>
          <Route
            path="/sold"
            element={
              <>
                <ErrorPanel error={noMatch(HINT)} suggestionHref={href} />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('status').textContent).toContain(HINT);
    const link = screen.getByRole('link', { name: 'Try “charizard base” instead' });
    expect(link.getAttribute('href')).toBe('/sold?q=charizard+base&grade=PSA+10&days=90');
    fireEvent.click(link);
    expect(screen.getByTestId('where').textContent).toBe('/sold?q=charizard+base&grade=PSA+10&days=90');
  });

  it('shows the hint alone when it names no query, or when the page cannot run one', () => {
    render(
      <MemoryRouter>
        <ErrorPanel error={noMatch('No card matches all of: zzqx. Try fewer words.')} suggestionHref={href} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status').textContent).toContain('Try fewer words.');
    expect(screen.queryByRole('link')).toBeNull();
    cleanup();
    render(<ErrorPanel error={noMatch(HINT)} />);
    expect(screen.getByRole('status').textContent).toContain(HINT);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('offers no suggestion on other errors', () => {
    render(
      <MemoryRouter>
        <ErrorPanel
          error={
            new ApiError({ kind: 'http', status: 400, code: 'invalid_parameter', hint: HINT, resetAt: null })
          }
          suggestionHref={href}
        />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('ErrorPanel 429', () => {
  it('says the wait until the quota resets humanely, not in seconds', () => {
    const hint =
      'The monthly quota of this free key (1,000 calls in 2026-11, UTC) is spent. It resets on 2026-12-01 at 00:00 UTC, in 598430 seconds (Retry-After); a higher tier has a larger quota.';
    render(
      <MemoryRouter>
        <ErrorPanel
          error={new ApiError({ kind: 'http', status: 429, code: 'quota_exceeded', hint, resetAt: null })}
        />
      </MemoryRouter>,
    );
    const text = screen.getByRole('alert').textContent ?? '';
    expect(text).toContain('It resets on 2026-12-01 at 00:00 UTC, in 6 days 22 h (Retry-After)');
    expect(text).not.toContain('seconds');
  });

  it('tells a rate limit apart from a spent quota, and offers a retry', () => {
    const hint =
      'Too many requests for this free key: it may make 20 a second, in bursts of up to 100. Retry in 1 second (Retry-After); this spent none of the monthly quota.';
    let retried = 0;
    render(
      <MemoryRouter>
        <ErrorPanel
          error={
            new ApiError({
              kind: 'http',
              status: 429,
              code: 'rate_limited',
              hint,
              resetAt: new Date(Date.now() + 1000),
            })
          }
          onRetry={() => {
            retried += 1;
          }}
        />
      </MemoryRouter>,
    );
    const text = screen.getByRole('alert').textContent ?? '';
    expect(text).toContain('Too many requests at once');
    expect(text).not.toContain('monthly quota is used up');
    expect(text).not.toContain('available again on');
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(retried).toBe(1);
  });
});
