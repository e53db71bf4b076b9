import { approvalChange, approvalStatuses, isApprovalStatus } from './item-approval';

describe('item approval', () => {
  it('knows its four statuses and nothing else', () => {
    expect(approvalStatuses).toEqual(['none', 'in_review', 'needs_changes', 'approved']);
    for (const status of approvalStatuses) expect(isApprovalStatus(status)).toBe(true);
    expect(isApprovalStatus('APPROVED')).toBe(false);
    expect(isApprovalStatus('rejected')).toBe(false);
    expect(isApprovalStatus(undefined)).toBe(false);
  });

  it('reports a change only when the status moves', () => {
    expect(approvalChange('none', 'approved')).toEqual({ from: 'none', to: 'approved' });
    expect(approvalChange('approved', 'needs_changes')).toEqual({ from: 'approved', to: 'needs_changes' });
    expect(approvalChange('in_review', 'in_review')).toBeNull();
  });
});
