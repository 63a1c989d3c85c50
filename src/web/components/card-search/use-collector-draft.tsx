import { useState } from 'react';
import { changeSentence, collectorSearch, type QueryChange } from '../../lib/card-query/collector-query';
import { useSearchDraft } from './use-draft';

/**
 * A card search form's draft whose submit first reads q as a collector typed it (grade words to the
 * grade field, shorthand as titles write it: collector-query.ts), shows the result in the fields and
 * keeps the list of changes for `QueryChanges` to say.
 */
export function useCollectorDraft<T extends Record<string, string> & { q: string; grade: string }>(
  fromUrl: T,
  onSubmit: (search: T) => void,
) {
  const [changes, setChanges] = useState<QueryChange[]>([]);
  const form = useSearchDraft(fromUrl, (draft) => {
    const { search, changes: made } = collectorSearch(draft);
    setChanges(made);
    form.setDraft(() => search);
    onSubmit(search);
  });
  return { ...form, changes };
}

/** What the last submit changed in what was typed, as one line each (announced politely). */
export function QueryChanges({ changes }: { changes: readonly QueryChange[] }) {
  return (
    <ul className="query-changes" aria-live="polite" data-testid="query-changes">
      {changes.map((change) => (
        <li key={`${change.kind}:${change.from}`}>{changeSentence(change)}</li>
      ))}
    </ul>
  );
}
