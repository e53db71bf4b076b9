/** Stands in for the console's own origin: a route must resolve against it and stay there. */
const HOME = 'https://console.invalid';

/** Control characters: URL parsers drop tabs and newlines, so `/\t/host` reads as `//host`. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Whether a bookmark route is a path of this application (`/folders?folderId=…`), never a way off it: it starts with
 * one '/', has no control characters, and a URL parser resolving it keeps the origin, which refuses `//host`,
 * `/\host`, `/\/host`, `/<tab>/host`, `javascript:…`, `https://host` and anything not starting with '/'.
 */
export function isInAppRoute(route: string): boolean {
  if (!route.startsWith('/') || route.startsWith('//') || route.startsWith('/\\')) return false;
  if (CONTROL.test(route) || route.includes('\\')) return false;
  try {
    return new URL(route, HOME).origin === HOME;
  } catch {
    return false;
  }
}
