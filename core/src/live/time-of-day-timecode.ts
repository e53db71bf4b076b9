/**
 * A recording's start timecode when its source carries none: the time of day it began, in the organisation's time
 * zone, with the frames of the second it began in (non-drop, at the rate rounded to a whole number).
 */
export function timeOfDayTimecode(at: Date, timeZone: string, framesPerSecond: number): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  const rate = Math.max(1, Math.round(framesPerSecond));
  const frames = Math.min(rate - 1, Math.floor((at.getTime() % 1000) * (rate / 1000)));
  return `${part('hour')}:${part('minute')}:${part('second')}:${String(frames).padStart(2, '0')}`;
}
