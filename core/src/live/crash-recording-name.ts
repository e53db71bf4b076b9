/**
 * A crash recording's title from the tenant's name pattern: `{{source}}`, `{{date}}` (YYYY-MM-DD) and `{{time}}`
 * (HH:MM:SS) in the tenant's time zone, so the newsroom finds the recording by the clock on its wall.
 */
export function crashRecordingName(pattern: string, values: { source: string; at: Date; timeZone: string }): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: values.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(values.at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const fields: Record<string, string> = {
    source: values.source,
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}:${part('second')}`,
  };
  return pattern.replace(/\{\{\s*(source|date|time)\s*\}\}/g, (_match, key: string) => fields[key]!).trim();
}
