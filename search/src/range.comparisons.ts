import type { RangeNode } from './query.ast';
import { parseDateValue, parseNumberValue, type DatePeriod } from './query.values';

export type ComparisonOperator = 'gte' | 'gt' | 'lte' | 'lt';

/** One side of a range as both back ends state it: dates as ISO instants, numbers as numbers. */
export interface Comparison {
  operator: ComparisonOperator;
  value: string | number;
}

function period(text: string): DatePeriod {
  const value = parseDateValue(text);
  if (!value) throw new Error(`Not a date in a parsed query: ${text}`);
  return value;
}

function number(text: string): number {
  const value = parseNumberValue(text);
  if (value === null) throw new Error(`Not a number in a parsed query: ${text}`);
  return value;
}

/**
 * A date bound compares against the whole period it names: `>2024` is from 2025 on, `<=2024-05` up to the end of
 * May, `[2024 TO 2025]` both years whole.
 */
function dateComparisons(node: RangeNode): Comparison[] {
  const comparisons: Comparison[] = [];
  if (node.lower) {
    const { start, end } = period(node.lower.value);
    if (node.lower.inclusive) comparisons.push({ operator: 'gte', value: start.toISOString() });
    else if (end) comparisons.push({ operator: 'gte', value: end.toISOString() });
    else comparisons.push({ operator: 'gt', value: start.toISOString() });
  }
  if (node.upper) {
    const { start, end } = period(node.upper.value);
    if (!node.upper.inclusive) comparisons.push({ operator: 'lt', value: start.toISOString() });
    else if (end) comparisons.push({ operator: 'lt', value: end.toISOString() });
    else comparisons.push({ operator: 'lte', value: start.toISOString() });
  }
  return comparisons;
}

/** The comparisons a range node stands for, lower side first. */
export function rangeComparisons(node: RangeNode): Comparison[] {
  if (node.field.kind === 'date') return dateComparisons(node);
  const comparisons: Comparison[] = [];
  if (node.lower) comparisons.push({ operator: node.lower.inclusive ? 'gte' : 'gt', value: number(node.lower.value) });
  if (node.upper) comparisons.push({ operator: node.upper.inclusive ? 'lte' : 'lt', value: number(node.upper.value) });
  return comparisons;
}

/** `created:2024-05` on a date field: within the period (or at the instant). */
export function dateEqualityComparisons(text: string): Comparison[] {
  const { start, end } = period(text);
  return end
    ? [
        { operator: 'gte', value: start.toISOString() },
        { operator: 'lt', value: end.toISOString() },
      ]
    : [
        { operator: 'gte', value: start.toISOString() },
        { operator: 'lte', value: start.toISOString() },
      ];
}

/** The number a term on a number field names. */
export function numberValue(text: string): number {
  return number(text);
}
