import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDraft } from './use-draft';

describe('useDraft', () => {
  it('keeps edits while the URL stays, and takes the URL values when it changes', () => {
    const { result, rerender } = renderHook(({ value, key }) => useDraft({ q: value }, key), {
      initialProps: { value: 'charizard', key: 'q=charizard' },
    });
    expect(result.current[0]).toEqual({ q: 'charizard' });

    act(() => result.current[1](() => ({ q: 'charizard base' })));
    rerender({ value: 'charizard', key: 'q=charizard' });
    expect(result.current[0]).toEqual({ q: 'charizard base' });

    rerender({ value: 'pikachu', key: 'q=pikachu' });
    expect(result.current[0]).toEqual({ q: 'pikachu' });
  });
});
