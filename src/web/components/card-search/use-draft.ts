import { type FormEvent, useState } from 'react';

/**
 * A form's draft of the URL state: edited freely, and replaced by the URL's values whenever they
 * change (a submit, back/forward, a link). `fromUrl` is useUrlState's view, a new object exactly
 * when the URL's values change. Adjusted during render rather than by remounting the form, so focus
 * stays where the user left it.
 */
export function useDraft<T>(fromUrl: T): [T, (update: (current: T) => T) => void] {
  const [draft, setDraft] = useState(fromUrl);
  const [seen, setSeen] = useState(fromUrl);
  if (seen !== fromUrl) {
    setSeen(fromUrl);
    setDraft(fromUrl);
  }
  return [seen === fromUrl ? draft : fromUrl, setDraft];
}

/**
 * The draft of a search form, with a setter per text field and a submit handler that hands the
 * draft to the page (which writes it to the URL).
 */
export function useSearchDraft<T extends Record<string, string>>(fromUrl: T, onSubmit: (draft: T) => void) {
  const [draft, setDraft] = useDraft(fromUrl);
  const set = (field: keyof T) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(draft);
  };
  return { draft, setDraft, set, submit };
}
