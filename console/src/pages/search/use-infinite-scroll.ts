import { useEffect, useRef } from 'react';

interface TPagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Loads the next page when the returned sentinel element scrolls into view (a screen ahead, so scrolling rarely
 * waits). Without IntersectionObserver nothing happens and the load-more button does the work.
 */
export function useInfiniteScroll(query: TPagedQuery) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(query);
  useEffect(() => {
    latest.current = query;
  });
  const { hasNextPage, isFetchingNextPage } = query;
  // Observing anew after each page fires at once if the sentinel is still in view (a page too short to scroll).
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || isFetchingNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const { hasNextPage: more, isFetchingNextPage: fetching, fetchNextPage } = latest.current;
        if (entries.some((entry) => entry.isIntersecting) && more && !fetching) void fetchNextPage();
      },
      { rootMargin: '0px 0px 100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage]);
  return sentinel;
}
