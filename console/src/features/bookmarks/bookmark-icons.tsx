import {
  IconBallFootball,
  IconBookmark,
  IconFilter,
  IconFlag,
  IconFolder,
  IconHeart,
  IconMovie,
  IconNews,
  IconSearch,
  IconStar,
  IconUser,
} from '@tabler/icons-react';
import type { TBookmarkKind } from './bookmark-target';

/** The icons a bookmark can wear; stored by name. */
export const bookmarkIcons = {
  bookmark: IconBookmark,
  star: IconStar,
  heart: IconHeart,
  flag: IconFlag,
  news: IconNews,
  sport: IconBallFootball,
  movie: IconMovie,
  folder: IconFolder,
  search: IconSearch,
  person: IconUser,
  filter: IconFilter,
} as const;
export type TBookmarkIcon = keyof typeof bookmarkIcons;

const kindIcons: Record<TBookmarkKind, TBookmarkIcon> = {
  page: 'bookmark',
  folder: 'folder',
  item: 'movie',
  person: 'person',
  search: 'search',
};

export function BookmarkIcon({ icon, kind, size = 16 }: { icon: string | null; kind: TBookmarkKind; size?: number }) {
  const Icon = bookmarkIcons[(icon ?? '') as TBookmarkIcon] ?? bookmarkIcons[kindIcons[kind]];
  return <Icon size={size} />;
}
