import { metricsRegistry, setMetricsEnabled } from './metrics';
import { instrumentActivities } from './instrument-workflows';

/** A series' value in the registry's Prometheus text, 0 when absent. */
async function count(series: string): Promise<number> {
  const line = (await metricsRegistry.metrics()).split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

const SUCCEEDED = 'mam_activity_duration_seconds_count{activity_type="succeeds",outcome="completed"}';
const FAILED = 'mam_activity_duration_seconds_count{activity_type="fails",outcome="failed"}';
const FAILURES = 'mam_activity_failures_total{activity_type="fails"}';

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
    const [completed, failed, failures] = [await count(SUCCEEDED), await count(FAILED), await count(FAILURES)];
    await activities.succeeds(1);
    await activities.fails().catch(() => undefined);
    expect(await count(SUCCEEDED)).toBe(completed + 1);
    expect(await count(FAILED)).toBe(failed + 1);
    expect(await count(FAILURES)).toBe(failures + 1);
  });

  it('records nothing with METRICS_ENABLED=false', async () => {
    setMetricsEnabled(false);
    const failures = await count(FAILURES);
    await activities.fails().catch(() => undefined);
    expect(await count(FAILURES)).toBe(failures);
  });
});
