import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Renders `children` only once the placeholder scrolls near the viewport, so below-the-fold work (a
 * lazily imported chart library, say) is not part of a route's first load.
 */
export function WhenVisible({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const node = ref.current;
    if (!node || visible) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setVisible(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [visible]);
  return <div ref={ref}>{visible ? children : fallback}</div>;
}
