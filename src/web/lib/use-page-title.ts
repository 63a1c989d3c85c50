import { useEffect } from 'react';

/** Sets the tab title for a page: "Floor overview · Slab Terminal". */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Slab Terminal`;
  }, [title]);
}
