import { isOverdue } from './task-rules';

describe('isOverdue', () => {
  const now = new Date('2026-05-01T12:00:00Z');

  it('is a past due date on a task not done', () => {
    expect(isOverdue({ dueAt: '2026-05-01T11:59:00Z', status: 'open' }, now)).toBe(true);
    expect(isOverdue({ dueAt: '2026-05-01T11:59:00Z', status: 'in_progress' }, now)).toBe(true);
  });

  it('is not a future due date, a done task or no due date', () => {
    expect(isOverdue({ dueAt: '2026-05-01T12:01:00Z', status: 'open' }, now)).toBe(false);
    expect(isOverdue({ dueAt: '2026-05-01T11:59:00Z', status: 'done' }, now)).toBe(false);
    expect(isOverdue({ dueAt: null, status: 'open' }, now)).toBe(false);
  });
});
