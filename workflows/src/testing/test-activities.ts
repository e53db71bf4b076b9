import { appendFileSync } from 'node:fs';
import { ApplicationFailure } from '@temporalio/common';
import { currentActivity } from '../activity-context';

export interface TActivityRun {
  workflowId: string;
  activity: string;
  attempt: number;
  event: 'start' | 'end' | 'aborted';
  detail?: unknown;
}

/** Where test activities note each run, so specs can count them (a file when processes get killed). */
export interface ActivityRecorder {
  record(run: TActivityRun): void;
}

export function memoryRecorder(): ActivityRecorder & { runs: TActivityRun[] } {
  const runs: TActivityRun[] = [];
  return { runs, record: (run) => runs.push(run) };
}

export function fileRecorder(file: string): ActivityRecorder {
  return { record: (run) => appendFileSync(file, `${JSON.stringify(run)}\n`) };
}

export class QuotaError extends Error {
  override name = 'QuotaError';
}

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    });
  });

/** Test activities: each notes its runs; the interface is what test workflows import (as a type). */
export function createTestActivities(recorder: ActivityRecorder) {
  let concurrent = 0;
  let maxConcurrent = 0;
  const note = (activity: string, event: TActivityRun['event'] = 'start', detail?: unknown) => {
    const { info } = currentActivity();
    recorder.record({ workflowId: info.workflowId, activity, attempt: info.attempt, event, detail });
    return info;
  };
  return {
    async greet(name: string): Promise<string> {
      note('greet', 'start', name);
      return `Hello, ${name}`;
    },
    async shout(text: string): Promise<string> {
      note('shout');
      return text.toUpperCase();
    },
    /** Fails its first `failures` attempts. */
    async flaky(failures: number): Promise<number> {
      const { attempt } = note('flaky');
      if (attempt <= failures) throw new Error(`flaky attempt ${attempt} failed`);
      return attempt;
    },
    async rejectInput(): Promise<void> {
      note('rejectInput');
      throw ApplicationFailure.nonRetryable('Input is malformed', 'MalformedInput');
    },
    async quota(): Promise<void> {
      note('quota');
      throw new QuotaError('Quota exceeded');
    },
    /** Attempt 1 hangs without heartbeats until stopped; later attempts heartbeat and succeed. */
    async stallFirstAttempt(): Promise<number> {
      const { attempt } = note('stallFirstAttempt');
      const { signal, heartbeat } = currentActivity();
      if (attempt === 1) {
        try {
          await pause(60_000, signal);
        } catch (error) {
          note('stallFirstAttempt', 'aborted', (error as Error).constructor.name);
          throw error;
        }
      }
      heartbeat({ percent: 100 });
      return attempt;
    },
    /** Runs (heartbeating its progress) until cancelled. */
    async waitForCancel(): Promise<void> {
      note('waitForCancel');
      const { signal, heartbeat } = currentActivity();
      for (let percent = 0; ; percent = Math.min(99, percent + 1)) {
        heartbeat({ percent });
        try {
          await pause(50, signal);
        } catch (error) {
          note('waitForCancel', 'aborted', (error as Error).constructor.name);
          throw error;
        }
      }
    },
    async cleanup(): Promise<void> {
      note('cleanup');
    },
    async record(text: string): Promise<void> {
      note('record', 'start', text);
    },
    async trackConcurrency(ms: number): Promise<number> {
      note('trackConcurrency');
      concurrent++;
      maxConcurrent = Math.max(maxConcurrent, concurrent);
      try {
        await pause(ms);
      } finally {
        concurrent--;
      }
      return maxConcurrent;
    },
    async step(name: string): Promise<string> {
      note(`step:${name}`);
      return name;
    },
    /** A long step that heartbeats; notes when it ends so a killed run shows as started-but-not-ended. */
    async slowStep(ms: number): Promise<string> {
      note('slowStep');
      const { signal, heartbeat } = currentActivity();
      for (let waited = 0; waited < ms; waited += 50) {
        heartbeat({ percent: Math.round((waited / ms) * 100) });
        await pause(50, signal);
      }
      note('slowStep', 'end');
      return 'slow';
    },
  };
}

export type TestActivities = ReturnType<typeof createTestActivities>;
