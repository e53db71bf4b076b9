/**
 * A reviewer's verdict on an item (issue 22, "Review that works"). 'none' is the state before anyone reviewed it,
 * so lists, facets and filters have one value for "not reviewed" instead of a missing one.
 */
export const approvalStatuses = ['none', 'in_review', 'needs_changes', 'approved'] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];

const approvalStatusSet: ReadonlySet<string> = new Set(approvalStatuses);

/** Narrows stored or requested strings; anything else (e.g. a removed status) is not a status. */
export function isApprovalStatus(value: unknown): value is ApprovalStatus {
  return typeof value === 'string' && approvalStatusSet.has(value);
}

/** The change an approval request makes: null when the status is already the requested one (nothing to audit). */
export function approvalChange(
  current: ApprovalStatus,
  next: ApprovalStatus,
): { from: ApprovalStatus; to: ApprovalStatus } | null {
  return current === next ? null : { from: current, to: next };
}
