import { crashRecordingName } from './crash-recording-name';

describe('crashRecordingName', () => {
  const at = new Date('2026-11-27T23:30:05.000Z');

  it('fills source, date and time in the tenant’s time zone', () => {
    const name = crashRecordingName('Crash recording {{source}} {{date}} {{time}}', {
      source: 'Studio 2',
      at,
      timeZone: 'Europe/Oslo',
    });
    expect(name).toBe('Crash recording Studio 2 2026-11-28 00:30:05');
  });

  it('keeps other text as written and tolerates spaces inside the braces', () => {
    expect(crashRecordingName('{{ time }} – {{source}} ({{unknown}})', { source: 'UDP 1', at, timeZone: 'UTC' })).toBe(
      '23:30:05 – UDP 1 ({{unknown}})',
    );
  });
});
