import { createContext, useContext, type ReactNode } from 'react';
import { trpc } from '../../lib/trpc';

export interface TMentionTarget {
  kind: 'user' | 'group';
  id: string;
  name: string;
  /** The e-mail of a user, the member count of a group. */
  detail: string | number;
}

const MentionTargetsContext = createContext<TMentionTarget[] | null>(null);

/** The users and groups the comment forms of one item offer after @; loaded once for all its forms. */
export function MentionTargetsProvider({
  itemId,
  enabled,
  children,
}: {
  itemId: string;
  enabled: boolean;
  children: ReactNode;
}) {
  const query = trpc.comments.mentionTargets.useQuery({ itemId }, { enabled, staleTime: 60_000 });
  const targets: TMentionTarget[] | null = query.data
    ? [
        ...query.data.users.map((u) => ({ kind: 'user' as const, id: u.id, name: u.name || u.email, detail: u.email })),
        ...query.data.groups.map((g) => ({ kind: 'group' as const, id: g.id, name: g.name, detail: g.memberCount })),
      ]
    : null;
  return <MentionTargetsContext.Provider value={targets}>{children}</MentionTargetsContext.Provider>;
}

/** Null outside a provider (or before the list arrives): the form is then a plain text area. */
export function useMentionTargets(): TMentionTarget[] | null {
  return useContext(MentionTargetsContext);
}
