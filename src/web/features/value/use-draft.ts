import { useState } from 'react';

/**
 * A form's draft of the URL state: edited freely, and replaced by the URL's values whenever the URL
 * changes (a submit, back/forward, a link). Adjusted during render rather than by remounting the
 * form, so focus stays where the user left it.
 */
export function useDraft<T>(fromUrl: T, urlKey: string): [T, (update: (current: T) => T) => void] {
  const [draft, setDraft] = useState(fromUrl);
  const [seenKey, setSeenKey] = useState(urlKey);
  if (seenKey !== urlKey) {
    setSeenKey(urlKey);
    setDraft(fromUrl);
  }
  return [seenKey === urlKey ? draft : fromUrl, setDraft];
}
