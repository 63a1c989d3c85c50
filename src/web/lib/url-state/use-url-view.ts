import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A page's view, kept in the URL (so a shared link redraws it) but shown at once: a data-router
 * navigation settles a tick after the event, so a controlled input would flick back for that tick.
 * The chosen view is held until the URL has moved on from where it was when the choice was made
 * (navigation done, or back/forward), then the URL is the truth again.
 *
 * `defer: true` (a brush being dragged) shows the view at once but writes the URL only once the
 * changes pause for `DEFER_MS`, instead of replacing the history entry on every pointer move.
 */
export type ReadView<V> = (search: URLSearchParams) => { view: V; problems: string[] };
export type SetViewOptions = { replace?: boolean; defer?: boolean };

export const DEFER_MS = 250;

export function useUrlView<V>(read: ReadView<V>, write: (view: V) => URLSearchParams) {
  const [search, setSearch] = useSearchParams();
  const current = search.toString();
  const fromUrl = useMemo(() => read(new URLSearchParams(current)), [read, current]);
  const [chosen, setChosen] = useState<{ view: V; base: string } | null>(null);
  const view = chosen !== null && chosen.base === current ? chosen.view : fromUrl.view;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      // Leaving the page drops a pending write: it would navigate back here.
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  const setView = useCallback(
    (next: V, options: SetViewOptions = {}) => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
      setChosen({ view: next, base: current });
      const commit = () => setSearch(write(next), { replace: options.replace ?? false });
      if (options.defer) timer.current = setTimeout(commit, DEFER_MS);
      else commit();
    },
    [current, setSearch, write],
  );
  return { view, problems: fromUrl.problems, setView };
}
