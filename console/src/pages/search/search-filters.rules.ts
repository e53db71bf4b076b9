import type { ApprovalStatus, ProcessState } from '@mam/core';
import type { TSearchState } from './search-url.state';

/** A facet group the user can tick values in. */
export type TFacetTarget =
  | { kind: 'itemType' }
  | { kind: 'state' }
  | { kind: 'approval' }
  | { kind: 'createdBy' }
  | { kind: 'field'; fieldId: string };

/** One active filter, as a removable chip. */
export type TFilterChip =
  | { kind: 'itemType' | 'state' | 'approval' | 'createdBy' | 'createdFrom' | 'createdTo'; value: string }
  | { kind: 'field'; fieldId: string; value: string };

export interface TFacetOption {
  value: string;
  /** null for a ticked value the current hits no longer have (it must stay visible to be unticked). */
  count: number | null;
  selected: boolean;
}

export function selectedValues(state: TSearchState, target: TFacetTarget): readonly string[] {
  switch (target.kind) {
    case 'itemType':
      return state.itemTypes;
    case 'state':
      return state.states;
    case 'approval':
      return state.approvals;
    case 'createdBy':
      return state.createdBy;
    case 'field':
      return state.fieldValues.find((f) => f.fieldId === target.fieldId)?.values ?? [];
  }
}

const withValue = (values: readonly string[], value: string, on: boolean) =>
  on ? (values.includes(value) ? [...values] : [...values, value]) : values.filter((v) => v !== value);

/** Ticks or unticks one facet value; values of one group are alternatives, groups all apply. */
export function toggleFacetValue(state: TSearchState, target: TFacetTarget, value: string, on: boolean): TSearchState {
  switch (target.kind) {
    case 'itemType':
      return { ...state, itemTypes: withValue(state.itemTypes, value, on) };
    case 'state':
      return { ...state, states: withValue(state.states, value, on) as ProcessState[] };
    case 'approval':
      return { ...state, approvals: withValue(state.approvals, value, on) as ApprovalStatus[] };
    case 'createdBy':
      return { ...state, createdBy: withValue(state.createdBy, value, on) };
    case 'field': {
      const existing = state.fieldValues.find((f) => f.fieldId === target.fieldId);
      const values = withValue(existing?.values ?? [], value, on);
      const others = state.fieldValues.filter((f) => f.fieldId !== target.fieldId);
      if (values.length === 0) return { ...state, fieldValues: others };
      // A field keeps its place among the others, so chips do not jump around.
      return {
        ...state,
        fieldValues: existing
          ? state.fieldValues.map((f) => (f.fieldId === target.fieldId ? { fieldId: f.fieldId, values } : f))
          : [...others, { fieldId: target.fieldId, values }],
      };
    }
  }
}

/** The server's counts, then any ticked value they lack. */
export function facetOptions(
  counts: ReadonlyArray<{ value: string; count: number }>,
  selected: readonly string[],
): TFacetOption[] {
  const counted = counts.map((c) => ({ value: c.value, count: c.count, selected: selected.includes(c.value) }));
  const missing = selected
    .filter((value) => !counts.some((c) => c.value === value))
    .map((value) => ({ value, count: null, selected: true }));
  return [...counted, ...missing];
}

export function activeFilters(state: TSearchState): TFilterChip[] {
  return [
    ...state.itemTypes.map((value) => ({ kind: 'itemType' as const, value })),
    ...state.states.map((value) => ({ kind: 'state' as const, value })),
    ...state.approvals.map((value) => ({ kind: 'approval' as const, value })),
    ...state.createdBy.map((value) => ({ kind: 'createdBy' as const, value })),
    ...(state.createdFrom ? [{ kind: 'createdFrom' as const, value: state.createdFrom }] : []),
    ...(state.createdTo ? [{ kind: 'createdTo' as const, value: state.createdTo }] : []),
    ...state.fieldValues.flatMap(({ fieldId, values }) =>
      values.map((value) => ({ kind: 'field' as const, fieldId, value })),
    ),
  ];
}

export function chipKey(chip: TFilterChip): string {
  return chip.kind === 'field' ? `field:${chip.fieldId}:${chip.value}` : `${chip.kind}:${chip.value}`;
}

export function removeFilter(state: TSearchState, chip: TFilterChip): TSearchState {
  switch (chip.kind) {
    case 'createdFrom':
      return { ...state, createdFrom: null };
    case 'createdTo':
      return { ...state, createdTo: null };
    case 'field':
      return toggleFacetValue(state, { kind: 'field', fieldId: chip.fieldId }, chip.value, false);
    default:
      return toggleFacetValue(state, { kind: chip.kind }, chip.value, false);
  }
}

/** Drops every filter; the query, the type filter, the order and the view stay. */
export function clearFilters(state: TSearchState): TSearchState {
  return {
    ...state,
    itemTypes: [],
    states: [],
    approvals: [],
    createdBy: [],
    createdFrom: null,
    createdTo: null,
    fieldValues: [],
  };
}
