import { z } from 'zod';
import { bookmarkKinds } from '../../../services/bookmark.service';

/** The title is checked by the service so an empty one gets the spec's 'Bookmark title is required'. */
export const ZBookmarkInput = z.object({
  title: z.string().max(200),
  kind: z.enum(bookmarkKinds),
  scope: z.enum(['private', 'system']).default('private'),
  target: z.object({
    // A console route of this site, never another origin: the service refuses others with BOOKMARK_ROUTE_INVALID.
    route: z.string().max(4000),
    folderId: z.uuid().optional(),
    itemId: z.uuid().optional(),
    personId: z.uuid().optional(),
    query: z.string().max(2000).optional(),
  }),
  icon: z.string().max(60).nullable().default(null),
  isFilter: z.boolean().default(false),
  visibleGroups: z.array(z.uuid()).max(100).default([]),
});
export type TBookmarkInputSchema = z.infer<typeof ZBookmarkInput>;
