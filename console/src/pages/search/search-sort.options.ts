import type { RouterInputs } from '../../lib/trpc';

export type TSortDirection = 'asc' | 'desc';

/** One way of ordering hits, as the server takes it. */
export type TSortChoice =
  | { by: 'relevance' }
  | { by: 'created' | 'modified' | 'title'; direction: TSortDirection }
  | { by: 'field'; fieldId: string; direction: TSortDirection };

export type TSearchSortInput = NonNullable<RouterInputs['search']['items']['sort']>;

/** The translation keys (under `search.sort`) of the built-in orders; the menu offers them in this order. */
export const builtInSorts: ReadonlyArray<{ choice: TSortChoice; labelKey: string; inMenu: boolean }> = [
  { choice: { by: 'relevance' }, labelKey: 'relevance', inMenu: true },
  { choice: { by: 'created', direction: 'desc' }, labelKey: 'newest', inMenu: true },
  { choice: { by: 'created', direction: 'asc' }, labelKey: 'oldest', inMenu: true },
  { choice: { by: 'modified', direction: 'desc' }, labelKey: 'modified', inMenu: true },
  // Reachable from a shared link only; it still needs a name on the menu button.
  { choice: { by: 'modified', direction: 'asc' }, labelKey: 'modifiedOldest', inMenu: false },
  { choice: { by: 'title', direction: 'asc' }, labelKey: 'titleAsc', inMenu: true },
  { choice: { by: 'title', direction: 'desc' }, labelKey: 'titleDesc', inMenu: true },
];

const fieldIdPattern = /^[A-Za-z_][A-Za-z0-9_-]{0,199}$/;
const isDirection = (value: string | undefined): value is TSortDirection => value === 'asc' || value === 'desc';

/** The URL form of a sort: `relevance`, `created:desc`, `field:createdOn:asc`. */
export function sortToken(choice: TSortChoice): string {
  switch (choice.by) {
    case 'relevance':
      return 'relevance';
    case 'field':
      return `field:${choice.fieldId}:${choice.direction}`;
    default:
      return `${choice.by}:${choice.direction}`;
  }
}

/** A sort from its URL form; anything else (a hand-edited link) is null, so the server's default applies. */
export function parseSortToken(token: string | null | undefined): TSortChoice | null {
  if (!token) return null;
  if (token === 'relevance') return { by: 'relevance' };
  const parts = token.split(':');
  if (parts.length === 2) {
    const [by, direction] = parts;
    if ((by === 'created' || by === 'modified' || by === 'title') && isDirection(direction)) return { by, direction };
    return null;
  }
  if (parts.length === 3) {
    const [by, fieldId, direction] = parts;
    if (by === 'field' && fieldId && fieldIdPattern.test(fieldId) && isDirection(direction)) {
      return { by: 'field', fieldId, direction };
    }
  }
  return null;
}

export function sortInput(choice: TSortChoice): TSearchSortInput {
  return choice.by === 'relevance' ? { by: 'relevance' } : choice;
}

export function sameSort(a: TSortChoice | null, b: TSortChoice | null): boolean {
  return (a ? sortToken(a) : null) === (b ? sortToken(b) : null);
}

/**
 * What the server orders by when no sort is asked for: relevance when the query has words, else newest first.
 * The console cannot tell a field-only query from one with words, but relevance without words ranks every hit
 * alike and falls back to newest first, so both answers name the order the user sees.
 */
export function effectiveSort(choice: TSortChoice | null, query: string): TSortChoice {
  return choice ?? (query.trim() ? { by: 'relevance' } : { by: 'created', direction: 'desc' });
}
