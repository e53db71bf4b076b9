import { ZMetadataForm } from '@mam/core';
import { checkedLogTimecode, isLoggingForm } from './log-entry.service';
import { relationLabels } from '../item-relation.service';

const form = (extra: Record<string, unknown>) =>
  ZMetadataForm.parse({ id: 'goals', label: 'Goals', active: true, ...extra });

describe('logging and relation rules', () => {
  it('logs with active, timed forms that are not subtypes', () => {
    expect(isLoggingForm(form({ flavor: 'timed', keyboardShortcut: 'g' }))).toBe(true);
    expect(isLoggingForm(form({ flavor: 'timed' }))).toBe(true);
    expect(isLoggingForm(form({}))).toBe(false);
    expect(isLoggingForm(form({ flavor: 'timed', active: false }))).toBe(false);
    expect(isLoggingForm(form({ flavor: 'timed', isSubtype: true }))).toBe(false);
  });

  it('takes a marker or a range whose out point is after its in point', () => {
    expect(checkedLogTimecode(0, null)).toEqual({ tcIn: 0, tcOut: null });
    expect(checkedLogTimecode(100, 200)).toEqual({ tcIn: 100, tcOut: 200 });
    expect(() => checkedLogTimecode(200, 200)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    expect(() => checkedLogTimecode(200, 100)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
  });

  it('reads every relation kind from both ends', () => {
    expect(relationLabels.derived_from).toEqual({ outgoing: 'Derived from', incoming: 'Source of' });
    expect(relationLabels.appears_in).toEqual({ outgoing: 'Appears in', incoming: 'Features' });
  });
});
