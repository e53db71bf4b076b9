export { BookmarksNav } from './bookmarks.nav';
export { BookmarkPageButton } from './bookmark-page.button';
