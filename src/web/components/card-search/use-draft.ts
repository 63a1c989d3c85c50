import { type FormEvent, useState } from 'react';

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

/**
 * The draft of a search form, with a setter per text field and a submit handler that hands the
 * draft to the page (which writes it to the URL).
 */
export function useSearchDraft<T extends Record<string, string>>(
  fromUrl: T,
  urlKey: string,
  onSubmit: (draft: T) => void,
) {
  const [draft, setDraft] = useDraft(fromUrl, urlKey);
  const set = (field: keyof T) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(draft);
  };
  return { draft, setDraft, set, submit };
}
