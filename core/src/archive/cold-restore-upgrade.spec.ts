import { upgradedColdRestore, type TColdRestore } from './archive-transfer';

const now = new Date('2026-11-28T12:00:00.000Z');
const standard: TColdRestore = {
  tier: 'standard',
  requestedAt: '2026-11-28T11:00:00.000Z',
  readyAt: '2026-11-28T15:00:00.000Z',
  ready: false,
};

describe('upgradedColdRestore', () => {
  it('upgrades a waiting standard restore to express, ready after the express delay from now', () => {
    expect(upgradedColdRestore(standard, 'express', now, 5_000)).toEqual({
      ...standard,
      tier: 'express',
      readyAt: '2026-11-28T12:00:05.000Z',
    });
  });

  it('keeps the current ready time when it is already sooner than the express estimate', () => {
    const soon = { ...standard, readyAt: '2026-11-28T12:00:02.000Z' };
    expect(upgradedColdRestore(soon, 'express', now, 5_000)?.readyAt).toBe('2026-11-28T12:00:02.000Z');
  });

  it('takes the express estimate when the current ready time is unknown', () => {
    expect(upgradedColdRestore({ ...standard, readyAt: null }, 'express', now, 60_000)?.readyAt).toBe(
      '2026-11-28T12:01:00.000Z',
    );
  });

  it('lets a slower or equal tier just join, and leaves a restore that is already readable alone', () => {
    expect(upgradedColdRestore(standard, 'standard', now, 5_000)).toBeNull();
    expect(upgradedColdRestore({ ...standard, tier: 'express' }, 'express', now, 5_000)).toBeNull();
    expect(upgradedColdRestore({ ...standard, tier: 'express' }, 'standard', now, 5_000)).toBeNull();
    expect(upgradedColdRestore({ ...standard, ready: true }, 'express', now, 5_000)).toBeNull();
  });
});
