import { useCallback, useEffect, useRef, useState } from 'react';
import { parseLimit } from './movers-view';

/** How long the limit field waits after the last keystroke or arrow step before it asks the API. */
export const LIMIT_COMMIT_MS = 600;

/**
 * The "Rows (limit)" field's text, committed once per change the user means, not once per
 * keystroke: every limit is a metered call, so typing "73" must not ask for 7 first, and three
 * arrow steps must not ask three times. A valid text is committed on Enter, on blur, or once the
 * edits pause for `LIMIT_COMMIT_MS`; an invalid one never is. A limit that changes from outside
 * (back button, a link) replaces the text and drops a pending commit.
 */
export function useLimitDraft(limit: number, onCommit: (limit: number) => void) {
  const [text, setText] = useState(String(limit));
  const [seen, setSeen] = useState(limit);
  if (seen !== limit) {
    setSeen(limit);
    setText(String(limit));
  }
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The timer commits with the latest props, not those of the keystroke that set it.
  const latest = useRef({ limit, onCommit });
  useEffect(() => {
    latest.current = { limit, onCommit };
  });

  const cancel = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  useEffect(() => cancel, [cancel]);

  const commit = useCallback(
    (raw: string) => {
      cancel();
      const next = parseLimit(raw);
      if (next !== null && next !== latest.current.limit) latest.current.onCommit(next);
    },
    [cancel],
  );

  const edit = (raw: string) => {
    setText(raw);
    cancel();
    if (parseLimit(raw) === null) return;
    // Dropped if the limit has changed from outside in the meantime: the text was replaced.
    const base = limit;
    timer.current = setTimeout(() => {
      if (latest.current.limit === base) commit(raw);
    }, LIMIT_COMMIT_MS);
  };

  return { text, valid: parseLimit(text) !== null, edit, commitNow: () => commit(text) };
}
