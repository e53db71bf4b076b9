import { keepPreviousData } from '@tanstack/react-query';
import { appErrorOf, hasErrorCode } from '../../lib/app-error';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import type { TSearchRequest } from './search-url.state';

export type TSearchResult = RouterOutputs['search']['items'];
export type TSearchHit = TSearchResult['hits'][number];

const PAGE_SIZE = 48;
/** Spec: the search page refreshes every 30 seconds while it is visible. */
export const SEARCH_REFRESH_MS = 30_000;

/** The server's objection to a query: where (1-based) and why. */
export interface TQueryProblem {
  position: number;
  reason: string;
  reasonCode: string | null;
}

export function queryProblemOf(error: unknown): TQueryProblem | null {
  const appError = appErrorOf(error);
  if (appError?.code !== 'SEARCH_QUERY_INVALID') return null;
  const { position, reason, reasonCode } = appError.params ?? {};
  return {
    position: typeof position === 'number' ? position : Number(position) || 1,
    reason: typeof reason === 'string' ? reason : '',
    reasonCode: typeof reasonCode === 'string' ? reasonCode : null,
  };
}

/** Pages of hits for one search, refreshed in the background; the previous hits stay up while a new search loads. */
export function useSearchResults(input: Omit<TSearchRequest, 'limit' | 'cursor'>) {
  return trpc.search.items.useInfiniteQuery(
    { ...input, limit: PAGE_SIZE },
    {
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      placeholderData: keepPreviousData,
      // Asking again cannot mend a query the parser refused.
      retry: (failures, error) => failures < 1 && !hasErrorCode(error, 'SEARCH_QUERY_INVALID'),
      refetchInterval: (query) => (query.state.status === 'error' ? false : SEARCH_REFRESH_MS),
      refetchIntervalInBackground: false,
    },
  );
}
