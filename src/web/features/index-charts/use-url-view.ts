import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A page's view, kept in the URL (so a shared link redraws it) but shown at once: a data-router
 * navigation settles a tick after the event, so a controlled input would flick back for that tick.
 * The chosen view is held until the URL has moved on from where it was when the choice was made
 * (navigation done, or back/forward), then the URL is the truth again.
 */
export type ReadView<V> = (search: URLSearchParams) => { view: V; problems: string[] };

export function useUrlView<V>(read: ReadView<V>, write: (view: V) => URLSearchParams) {
  const [search, setSearch] = useSearchParams();
  const current = search.toString();
  const fromUrl = useMemo(() => read(new URLSearchParams(current)), [read, current]);
  const [chosen, setChosen] = useState<{ view: V; base: string } | null>(null);
  const view = chosen !== null && chosen.base === current ? chosen.view : fromUrl.view;

  const setView = useCallback(
    (next: V, options: { replace?: boolean } = {}) => {
      setChosen({ view: next, base: current });
      setSearch(write(next), { replace: options.replace ?? false });
    },
    [current, setSearch, write],
  );
  return { view, problems: fromUrl.problems, setView };
}
