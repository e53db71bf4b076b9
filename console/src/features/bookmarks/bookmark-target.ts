import { isInAppRoute } from '@mam/core';

export type TBookmarkKind = 'page' | 'folder' | 'item' | 'person' | 'search';

export interface TBookmarkDraftTarget {
  kind: TBookmarkKind;
  target: { route: string; folderId?: string; itemId?: string; personId?: string; query?: string };
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** What a bookmark of the current page points at, from its path and query string. */
export function bookmarkTargetOf(pathname: string, search: string): TBookmarkDraftTarget {
  const route = `${pathname}${search}`;
  const params = new URLSearchParams(search);
  const item = new RegExp(`^/item-details/(${UUID})$`, 'i').exec(pathname);
  if (item) return { kind: 'item', target: { route, itemId: item[1] } };
  const person = new RegExp(`^/person-details/(${UUID})$`, 'i').exec(pathname);
  if (person) return { kind: 'person', target: { route, personId: person[1] } };
  const folderId = params.get('folderId');
  if (pathname === '/folders' && folderId) return { kind: 'folder', target: { route, folderId } };
  if (pathname === '/' || pathname === '/search-item') {
    return { kind: 'search', target: { route, query: params.get('q') ?? '' } };
  }
  return { kind: 'page', target: { route } };
}

/**
 * Where following a bookmark leads: its route when that is a path of this console, else the home page. Bookmarks
 * stored before the server checked routes may hold `/\host` or the like, which a link would follow off the site.
 */
export function bookmarkDestination(route: string | null | undefined): string {
  return route && isInAppRoute(route) ? route : '/';
}
