import { replaceEqualDeep } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { UrlSchema } from './url-schema';

/**
 * A page's state, kept in its URL (so a link or a reload redraws it) and read with the page's
 * schema (url-schema.ts): absent or refused parameters take their defaults, and `problems` says
 * what was ignored.
 *
 * - Stable: a read shares every part that did not change with the read before (react-query's
 *   structural sharing), so `view.categories` is the same array while the categories stay, and
 *   memos and effects can depend on the parts they use.
 * - Written with replace semantics: a choice replaces the history entry (`push: true` adds one, for a
 *   submitted search that Back should return from).
 * - Shown at once: the router applies a navigation in a transition, a moment after the event, so a
 *   controlled input would flick back; the chosen view is shown until the URL has moved on from
 *   where it was when the choice was made, then the URL is the truth again.
 * - `defer: true` (a brush being dragged) writes the URL only once the changes pause for `DEFER_MS`.
 */
export type SetViewOptions = { push?: boolean; defer?: boolean };

export const DEFER_MS = 250;

type Read<V> = { search: string; view: V; problems: string[] };

export function useUrlState<V>(schema: UrlSchema<V>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const [read, setRead] = useState<Read<V>>(() => ({
    search,
    ...schema.read(new URLSearchParams(search)),
  }));
  let current = read;
  if (read.search !== search) {
    // The URL moved: read it again, keeping what did not change (adjusted during render, no effect).
    const next = schema.read(new URLSearchParams(search));
    current = {
      search,
      view: replaceEqualDeep(read.view, next.view),
      problems: replaceEqualDeep(read.problems, next.problems),
    };
    setRead(current);
  }

  const [chosen, setChosen] = useState<{ view: V; base: string } | null>(null);
  // Once the URL has moved on, the choice is spent: Back to `base` must show base's own view.
  if (chosen !== null && chosen.base !== search) setChosen(null);
  const view = chosen !== null && chosen.base === search ? chosen.view : current.view;

  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Leaving the page drops a pending write: it would navigate back here.
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  const setView = useCallback(
    (next: V, options: SetViewOptions = {}) => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
      setChosen({ view: next, base: search });
      const commit = () => setSearchParams(schema.write(next), { replace: !options.push });
      if (options.defer) timer.current = setTimeout(commit, DEFER_MS);
      else commit();
    },
    [search, setSearchParams, schema],
  );
  return { view, problems: current.problems, setView };
}
