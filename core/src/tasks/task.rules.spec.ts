import type { Actor, Permission } from '../index';
import {
  isTaskOverdue,
  mayChangeTaskStatus,
  mayPlanTask,
  taskReminderDelayMs,
  taskStatus,
  taskStatusChange,
} from './task.rules';

function actor(userId: string, permissions: Permission[]): Actor {
  return {
    userId,
    tenantId: 't',
    isSuperAdmin: false,
    groupIds: [],
    orgGroupId: 'org',
    primaryGroupId: null,
    permissions: new Set(permissions),
  };
}

const now = new Date('2026-05-01T12:00:00Z');
const hour = 60 * 60 * 1000;

describe('task status', () => {
  it('derives open, in progress and done from the timestamps', () => {
    expect(taskStatus({ startedAt: null, resolvedAt: null })).toBe('open');
    expect(taskStatus({ startedAt: now, resolvedAt: null })).toBe('in_progress');
    expect(taskStatus({ startedAt: null, resolvedAt: now })).toBe('done');
  });

  it('goes forward and back', () => {
    const started = taskStatusChange({ startedAt: null, resolvedAt: null }, 'in_progress', 'u', now);
    expect(started).toEqual({ startedAt: now, resolvedAt: null, resolvedBy: null });
    const later = new Date(now.getTime() + hour);
    const done = taskStatusChange(started, 'done', 'u', later);
    expect(done).toEqual({ startedAt: now, resolvedAt: later, resolvedBy: 'u' });
    expect(taskStatus(taskStatusChange(done, 'in_progress', 'u', later))).toBe('in_progress');
    expect(taskStatusChange(done, 'open', 'u', later)).toEqual({ startedAt: null, resolvedAt: null, resolvedBy: null });
  });
});

describe('task permissions', () => {
  const task = { authorId: 'author', assigneeId: 'assignee' };

  it('lets the creator and the assignee change the status with commentStatus, anyone with commentResolve', () => {
    expect(mayChangeTaskStatus(actor('assignee', ['commentStatus']), task)).toBe(true);
    expect(mayChangeTaskStatus(actor('author', ['commentStatus']), task)).toBe(true);
    expect(mayChangeTaskStatus(actor('other', ['commentStatus']), task)).toBe(false);
    expect(mayChangeTaskStatus(actor('other', ['commentResolve']), task)).toBe(true);
  });

  it('leaves due date and priority to the assigner and the creator', () => {
    expect(mayPlanTask(actor('other', ['commentAssign']), task)).toBe(true);
    expect(mayPlanTask(actor('author', ['commentStatus']), task)).toBe(true);
    expect(mayPlanTask(actor('assignee', ['commentStatus']), task)).toBe(false);
  });
});

describe('task reminders', () => {
  it('waits until the lead time before the due date', () => {
    expect(taskReminderDelayMs(new Date(now.getTime() + 30 * hour), now, 24 * hour)).toBe(6 * hour);
  });

  it('reminds at once inside the lead time, never after the due date', () => {
    expect(taskReminderDelayMs(new Date(now.getTime() + hour), now, 24 * hour)).toBe(0);
    expect(taskReminderDelayMs(new Date(now.getTime() - 1), now, 24 * hour)).toBeNull();
  });

  it('calls a task overdue only while it is not done', () => {
    const past = new Date(now.getTime() - hour);
    expect(isTaskOverdue(past, 'open', now)).toBe(true);
    expect(isTaskOverdue(past, 'done', now)).toBe(false);
    expect(isTaskOverdue(null, 'open', now)).toBe(false);
  });
});
