import { createLifecycleRulesActivities } from './lifecycle-rules.activities';

describe('lifecycle rules activities', () => {
  const summary = { rules: 1, applied: 2, failed: 0 };
  const input = { tenantId: 'tenant-a', ruleIds: null };

  it('runs the housekeeping after the rules, for the round’s tenant', async () => {
    const order: string[] = [];
    const activities = createLifecycleRulesActivities({
      apply: async () => {
        order.push('rules');
        return summary;
      },
      continueAfter: async () => undefined,
      cleanup: async (tenantId) => void order.push(`cleanup ${tenantId}`),
    });
    expect(await activities.applyLifecycleRules(input)).toEqual(summary);
    expect(order).toEqual(['rules', 'cleanup tenant-a']);
  });

  it('reports a failed housekeeping and still returns the rules’ result', async () => {
    const failures: Array<[string, unknown]> = [];
    const broken = new Error('storage unreachable');
    const activities = createLifecycleRulesActivities({
      apply: async () => summary,
      continueAfter: async () => undefined,
      cleanup: async () => {
        throw broken;
      },
      onCleanupFailed: (tenantId, error) => void failures.push([tenantId, error]),
    });
    expect(await activities.applyLifecycleRules(input)).toEqual(summary);
    expect(failures).toEqual([['tenant-a', broken]]);
  });

  it('lets a failure of the rules themselves through, for the workflow to retry', async () => {
    const cleanup = jest.fn(async () => undefined);
    const activities = createLifecycleRulesActivities({
      apply: async () => {
        throw new Error('database down');
      },
      continueAfter: async () => undefined,
      cleanup,
    });
    await expect(activities.applyLifecycleRules(input)).rejects.toThrow('database down');
    expect(cleanup).not.toHaveBeenCalled();
  });
});
