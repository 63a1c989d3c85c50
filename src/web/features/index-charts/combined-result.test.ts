import type { UseQueryResult } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { combineResults } from './combined-result';

const result = (patch: Partial<UseQueryResult<unknown>>) =>
  ({
    status: 'success',
    fetchStatus: 'idle',
    error: null,
    refetch: vi.fn(),
    ...patch,
  }) as UseQueryResult<unknown>;

describe('combineResults', () => {
  it('is a success only when every query is', () => {
    expect(combineResults([result({}), result({})]).status).toBe('success');
    expect(
      combineResults([result({}), result({ status: 'pending', fetchStatus: 'fetching' })]),
    ).toMatchObject({
      status: 'pending',
      fetchStatus: 'fetching',
      data: undefined,
    });
  });

  it('shows the first error, and retries only the failed queries', async () => {
    const failed = result({ status: 'error', error: new Error('boom') });
    const fine = result({});
    const combined = combineResults([fine, failed]);
    expect(combined.status).toBe('error');
    expect((combined.error as Error).message).toBe('boom');
    await combined.refetch();
    expect(failed.refetch).toHaveBeenCalledTimes(1);
    expect(fine.refetch).not.toHaveBeenCalled();
  });
});
