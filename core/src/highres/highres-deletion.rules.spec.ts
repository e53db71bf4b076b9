import { AppError } from '../errors/app-error';
import {
  assertCanScheduleHighresDeletion,
  assertCanUnscheduleHighresDeletion,
  highresDeletionTime,
  highresDeletionWaitMs,
  ZHighresDeletionWhen,
  type THighresState,
} from './highres-deletion.rules';

const codeOf = (fn: () => void): string | null => {
  try {
    fn();
    return null;
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
};

describe('high-res deletion rules', () => {
  const now = new Date('2030-05-10T12:00:00Z');
  const ingested = new Date('2030-05-01T08:00:00Z');

  it('places a deletion N days after ingest, even when that has passed', () => {
    expect(highresDeletionTime({ afterDays: 30 }, ingested, now).toISOString()).toBe('2030-05-31T08:00:00.000Z');
    expect(highresDeletionTime({ afterDays: 2 }, ingested, now).toISOString()).toBe('2030-05-03T08:00:00.000Z');
    expect(highresDeletionWaitMs(new Date('2030-05-03T08:00:00Z'), now)).toBe(0);
    expect(highresDeletionWaitMs(new Date('2030-05-10T13:00:00Z'), now)).toBe(3_600_000);
  });

  it('takes a date only when it lies ahead', () => {
    expect(highresDeletionTime({ at: '2030-06-01T00:00:00+02:00' }, ingested, now).toISOString()).toBe(
      '2030-05-31T22:00:00.000Z',
    );
    expect(codeOf(() => highresDeletionTime({ at: '2030-05-10T11:59:59Z' }, ingested, now))).toBe('EXPIRY_IN_PAST');
  });

  it('accepts a date or whole days, not both nor neither', () => {
    expect(ZHighresDeletionWhen.safeParse({ at: '2030-06-01T00:00:00Z' }).success).toBe(true);
    expect(ZHighresDeletionWhen.safeParse({ afterDays: 30 }).success).toBe(true);
    expect(ZHighresDeletionWhen.safeParse({ afterDays: 1.5 }).success).toBe(false);
    expect(ZHighresDeletionWhen.safeParse({ afterDays: -1 }).success).toBe(false);
    expect(ZHighresDeletionWhen.safeParse({ at: '2030-06-01T00:00:00Z', afterDays: 3 }).success).toBe(false);
    expect(ZHighresDeletionWhen.safeParse({}).success).toBe(false);
  });

  const state = (patch: Partial<THighresState>): THighresState => ({
    hasMedia: true,
    hasHighres: true,
    deletion: 'scheduled',
    ...patch,
  });

  it.each([
    [state({ deletion: 'deleted', hasHighres: false }), 'HIGHRES_ALREADY_DELETED'],
    [state({ deletion: 'deleting' }), 'HIGHRES_DELETION_IN_PROGRESS'],
    [state({ hasMedia: false, hasHighres: false }), 'ITEM_HAS_NO_MEDIA'],
    [state({ hasHighres: false }), 'ITEM_HAS_NO_HIGHRES'],
    [state({ deletion: null }), 'NOT_FOUND'],
    [state({ deletion: 'cancelled' }), 'NOT_FOUND'],
    [state({}), null],
  ])('refuses unscheduling with the spec’s message (%o → %s)', (given, code) => {
    expect(codeOf(() => assertCanUnscheduleHighresDeletion(given))).toBe(code);
  });

  it('schedules again after a cancellation, never once deleted or deleting', () => {
    expect(codeOf(() => assertCanScheduleHighresDeletion(state({ deletion: 'cancelled' })))).toBeNull();
    expect(codeOf(() => assertCanScheduleHighresDeletion(state({ deletion: null })))).toBeNull();
    expect(codeOf(() => assertCanScheduleHighresDeletion(state({ deletion: 'deleted' })))).toBe(
      'HIGHRES_ALREADY_DELETED',
    );
    expect(codeOf(() => assertCanScheduleHighresDeletion(state({ hasHighres: false })))).toBe('ITEM_HAS_NO_HIGHRES');
  });
});
