/**
 * Deliberately incompatible versions of workflows, under their real names: replaying a history recorded by the
 * real code against these must fail Temporal's determinism checks (history-replay specs prove CI would notice).
 * Bundled by Temporal as a workflows module of its own; never registered with a runtime.
 */
import { proxyActivities, sleep } from '../runtime';
import type { TranscodeActivities, TranscodeInput } from '../transcode/transcode.activities.types';
import type { TestActivities } from './test-activities';

const quick = proxyActivities<TestActivities>({ startToCloseTimeout: '10 seconds' });
const media = proxyActivities<TranscodeActivities>({ taskQueue: 'media', startToCloseTimeout: '4 hours' });

/** Schedules a different activity first than greetWorkflow does. */
export async function greetWorkflow(name: string): Promise<string> {
  const shouted = await quick.shout(name);
  return quick.greet(shouted);
}

/** Waits on a timer before the first step: a command the recorded run never issued. */
export async function transcodeWorkflow(input: TranscodeInput): Promise<void> {
  await sleep('1 second');
  await media.storeOriginal({ ...input, stepIndex: 0, stepCount: 7 });
}
