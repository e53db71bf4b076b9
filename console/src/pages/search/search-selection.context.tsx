import { createContext, useContext } from 'react';
import type { TSearchHit } from './use-search-results';

/** The hits the user ticked, for bulk actions placed in the search page's toolbar slot. */
export interface TSearchSelection {
  ids: string[];
  /** The ticked hits, in the order they are listed. */
  items: TSearchHit[];
  clear: () => void;
  /** Loads the hits anew, e.g. after a bulk action changed them. */
  refresh: () => void;
}

export const SearchSelectionContext = createContext<TSearchSelection | null>(null);

/** The selection of the search page this component is rendered in (its toolbar slot). */
export function useSearchSelection(): TSearchSelection {
  const selection = useContext(SearchSelectionContext);
  if (!selection) throw new Error('useSearchSelection is used outside the search page');
  return selection;
}
