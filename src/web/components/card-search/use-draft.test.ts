import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDraft } from './use-draft';

describe('useDraft', () => {
  it('keeps edits while the URL values stay, and takes them when they change', () => {
    const charizard = { q: 'charizard' };
    const { result, rerender } = renderHook(({ fromUrl }) => useDraft(fromUrl), {
      initialProps: { fromUrl: charizard },
    });
    expect(result.current[0]).toEqual({ q: 'charizard' });

    act(() => result.current[1](() => ({ q: 'charizard base' })));
    rerender({ fromUrl: charizard });
    expect(result.current[0]).toEqual({ q: 'charizard base' });

    rerender({ fromUrl: { q: 'pikachu' } });
    expect(result.current[0]).toEqual({ q: 'pikachu' });
  });
});
