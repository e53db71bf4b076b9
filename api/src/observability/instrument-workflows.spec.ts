import { activityDuration, activityFailures, setMetricsEnabled } from './metrics';
import { instrumentActivities } from './instrument-workflows';

async function count(metric: typeof activityDuration | typeof activityFailures, labels: Record<string, string>) {
  const { values } = await metric.get();
  const match = values.find(
    (value) =>
      (!('metricName' in value) || !value.metricName?.endsWith('_bucket')) &&
      (value.metricName === undefined || !value.metricName.endsWith('_sum')) &&
      Object.entries(labels).every(([key, wanted]) => value.labels[key] === wanted),
  );
  return match?.value ?? 0;
}

describe('instrumentActivities', () => {
  afterEach(() => setMetricsEnabled(true));

  const activities = instrumentActivities({
    async succeeds(value: number) {
      return value * 2;
    },
    async fails(): Promise<void> {
      throw new Error('ffmpeg exited with 1');
    },
    label: 'not a function',
  });

  it('passes arguments, results and errors through, and leaves non-functions alone', async () => {
    await expect(activities.succeeds(21)).resolves.toBe(42);
    await expect(activities.fails()).rejects.toThrow('ffmpeg exited with 1');
    expect(activities.label).toBe('not a function');
  });

  it('counts durations by outcome and failures by activity type', async () => {
    const completed = await count(activityDuration, { activity_type: 'succeeds', outcome: 'completed' });
    const failed = await count(activityDuration, { activity_type: 'fails', outcome: 'failed' });
    const failures = await count(activityFailures, { activity_type: 'fails' });
    await activities.succeeds(1);
    await activities.fails().catch(() => undefined);
    expect(await count(activityDuration, { activity_type: 'succeeds', outcome: 'completed' })).toBe(completed + 1);
    expect(await count(activityDuration, { activity_type: 'fails', outcome: 'failed' })).toBe(failed + 1);
    expect(await count(activityFailures, { activity_type: 'fails' })).toBe(failures + 1);
  });

  it('records nothing with METRICS_ENABLED=false', async () => {
    setMetricsEnabled(false);
    const failures = await count(activityFailures, { activity_type: 'fails' });
    await activities.fails().catch(() => undefined);
    expect(await count(activityFailures, { activity_type: 'fails' })).toBe(failures);
  });
});
