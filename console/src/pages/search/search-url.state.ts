import { isApprovalStatus, processStates, type ApprovalStatus, type ProcessState } from '@mam/core';
import type { TPreferences } from '../../lib/preferences';
import type { RouterInputs } from '../../lib/trpc';
import { parseSortToken, sortInput, sortToken, type TSortChoice } from './search-sort.options';

export type TTypeFilter = 'assets' | 'all';
export type TSearchView = 'tiles' | 'list';
export type TSearchRequest = RouterInputs['search']['items'];

export interface TFieldFilter {
  fieldId: string;
  values: string[];
}

/** Everything a search is: the URL holds it, so a search can be bookmarked and shared. */
export interface TSearchState {
  q: string;
  /** null: the tenant's default search filter, applied by the server. */
  typeFilter: TTypeFilter | null;
  itemTypes: string[];
  states: ProcessState[];
  approvals: ApprovalStatus[];
  createdBy: string[];
  /** Calendar days 'YYYY-MM-DD', both inclusive. */
  createdFrom: string | null;
  createdTo: string | null;
  fieldValues: TFieldFilter[];
  /** null: the server's default order. */
  sort: TSortChoice | null;
  /** null: the view this browser used last. */
  view: TSearchView | null;
}

export const emptySearchState: TSearchState = {
  q: '',
  typeFilter: null,
  itemTypes: [],
  states: [],
  approvals: [],
  createdBy: [],
  createdFrom: null,
  createdTo: null,
  fieldValues: [],
  sort: null,
  view: null,
};

/** URL parameter names. `lng` stays free: i18next reads the language from it. */
const P = {
  q: 'q',
  typeFilter: 'filter',
  itemType: 'type',
  state: 'state',
  approval: 'approval',
  createdBy: 'creator',
  from: 'from',
  to: 'to',
  sort: 'sort',
  view: 'view',
} as const;
const FIELD_PREFIX = 'f.';

// The server's input limits (ZSearchInput): a hand-edited link beyond them is trimmed rather than refused.
const MAX_QUERY = 2000;
const MAX_ITEM_TYPES = 20;
const MAX_CREATORS = 50;
const MAX_FIELDS = 20;
const MAX_FIELD_VALUES = 50;
const MAX_VALUE_LENGTH = 500;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const fieldIdPattern = /^[A-Za-z_][A-Za-z0-9_-]{0,199}$/;
const itemTypePattern = /^[a-z][a-z0-9_-]{0,39}$/;

const unique = (values: readonly string[]) => [...new Set(values)];

/** A real calendar day written 'YYYY-MM-DD'. */
export function isDay(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function parseSearchParams(params: URLSearchParams): TSearchState {
  const filter = params.get(P.typeFilter);
  const view = params.get(P.view);
  const from = params.get(P.from);
  const to = params.get(P.to);
  const fields = new Map<string, string[]>();
  for (const [key, value] of params) {
    if (!key.startsWith(FIELD_PREFIX)) continue;
    const fieldId = key.slice(FIELD_PREFIX.length);
    if (!fieldIdPattern.test(fieldId) || value === '' || value.length > MAX_VALUE_LENGTH) continue;
    if (!fields.has(fieldId) && fields.size >= MAX_FIELDS) continue;
    const values = fields.get(fieldId) ?? [];
    if (!values.includes(value) && values.length < MAX_FIELD_VALUES) values.push(value);
    fields.set(fieldId, values);
  }
  return {
    q: (params.get(P.q) ?? '').slice(0, MAX_QUERY),
    typeFilter: filter === 'assets' || filter === 'all' ? filter : null,
    itemTypes: unique(params.getAll(P.itemType).filter((t) => itemTypePattern.test(t))).slice(0, MAX_ITEM_TYPES),
    states: unique(params.getAll(P.state)).filter((s): s is ProcessState =>
      (processStates as readonly string[]).includes(s),
    ),
    approvals: unique(params.getAll(P.approval)).filter(isApprovalStatus),
    createdBy: unique(params.getAll(P.createdBy).filter((id) => uuidPattern.test(id))).slice(0, MAX_CREATORS),
    createdFrom: isDay(from) ? from : null,
    createdTo: isDay(to) ? to : null,
    fieldValues: [...fields].map(([fieldId, values]) => ({ fieldId, values })),
    sort: parseSortToken(params.get(P.sort)),
    view: view === 'tiles' || view === 'list' ? view : null,
  };
}

/** The URL of a search: only what differs from the defaults, always in the same order. */
export function toSearchParams(state: TSearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set(P.q, state.q);
  if (state.typeFilter) params.set(P.typeFilter, state.typeFilter);
  state.itemTypes.forEach((t) => params.append(P.itemType, t));
  state.states.forEach((s) => params.append(P.state, s));
  state.approvals.forEach((s) => params.append(P.approval, s));
  state.createdBy.forEach((id) => params.append(P.createdBy, id));
  if (state.createdFrom) params.set(P.from, state.createdFrom);
  if (state.createdTo) params.set(P.to, state.createdTo);
  state.fieldValues.forEach(({ fieldId, values }) => values.forEach((v) => params.append(FIELD_PREFIX + fieldId, v)));
  if (state.sort) params.set(P.sort, sortToken(state.sort));
  if (state.view) params.set(P.view, state.view);
  return params;
}

/** The first moment of a calendar day in the user's time zone preference, as an ISO date-time. */
export function dayStart(day: string, timeZone: TPreferences['timeZone']): string {
  if (timeZone === 'utc') return `${day}T00:00:00.000Z`;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 0, 0, 0, 0).toISOString();
}

/** The last moment of a calendar day: 'to' dates include the whole day. */
export function dayEnd(day: string, timeZone: TPreferences['timeZone']): string {
  if (timeZone === 'utc') return `${day}T23:59:59.999Z`;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 23, 59, 59, 999).toISOString();
}

/** The server's search input for a state (without paging); absent parts leave the server's defaults. */
export function toSearchInput(
  state: TSearchState,
  timeZone: TPreferences['timeZone'],
): Omit<TSearchRequest, 'limit' | 'cursor'> {
  const input: Omit<TSearchRequest, 'limit' | 'cursor'> = { q: state.q };
  if (state.typeFilter) input.typeFilter = state.typeFilter;
  if (state.itemTypes.length) input.itemTypes = state.itemTypes;
  if (state.states.length) input.states = state.states;
  if (state.approvals.length) input.approvals = state.approvals;
  if (state.createdBy.length) input.createdBy = state.createdBy;
  if (state.createdFrom) input.createdFrom = dayStart(state.createdFrom, timeZone);
  if (state.createdTo) input.createdTo = dayEnd(state.createdTo, timeZone);
  if (state.fieldValues.length) input.fieldValues = state.fieldValues;
  if (state.sort) input.sort = sortInput(state.sort);
  return input;
}

/** What identifies the hits of a search: a change of view or order keeps the same set. */
export function resultSetKey(state: TSearchState): string {
  return toSearchParams({ ...state, view: null, sort: null }).toString();
}
