import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether the element has come within `margin` of the viewport (true from then on): a chart below
 * the fold loads its code when the visitor scrolls towards it, not with the first screen. True at
 * once where IntersectionObserver is missing.
 */
export function useNearViewport(ref: RefObject<HTMLElement | null>, margin = '200px'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || element === null) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
