/**
 * What share of a process's CPU went to given code, read from the V8 CPU profiles that `node --cpu-prof` writes at
 * exit. Sampled attribution does not depend on what else the machine runs (unlike request times or a process's CPU
 * seconds, which a loaded two-core machine moves by ±30 % from one process to the next), so it is the steady
 * figure of what an instrumentation layer costs. Garbage its code leaves behind is not attributed to it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface TCallFrame {
  functionName: string;
  url: string;
}

interface TProfileNode {
  id: number;
  callFrame: TCallFrame;
  children?: number[];
}

export interface TCpuProfile {
  nodes: TProfileNode[];
  /** Microseconds on the system's monotonic clock, the clock of `process.hrtime`. */
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A stretch of time on the monotonic clock, in microseconds (`process.hrtime.bigint() / 1000n`). */
export interface TWindow {
  from: number;
  to: number;
}

export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

export interface TProfileShare {
  /** Microseconds the thread was busy (not idle) within the window. */
  busy: number;
  /** Of those, microseconds in code `isCounted` accepts. */
  counted: number;
}

const NOT_BUSY = new Set(['(idle)', '(program)', '(root)']);

/**
 * Busy and counted time of one profile within `window`. A sample counts when its leaf frame is counted code, or is
 * Node or V8 internals called from counted code (AsyncLocalStorage.run under a span's context, say): the nearest
 * frame of the application or its packages decides.
 */
export function profileShare(
  profile: TCpuProfile,
  window: TWindow,
  isCounted: (frame: TCallFrame) => boolean,
): TProfileShare {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const decided = new Map<number, boolean>();
  const countedNode = (id: number): boolean => {
    const known = decided.get(id);
    if (known !== undefined) return known;
    const frame = byId.get(id)!.callFrame;
    const internal = frame.url === '' || frame.url.startsWith('node:');
    const up = parent.get(id);
    const result = internal ? up !== undefined && countedNode(up) : isCounted(frame);
    decided.set(id, result);
    return result;
  };
  let time = profile.startTime;
  let busy = 0;
  let counted = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    time += delta;
    if (time < window.from || time > window.to) return;
    const frame = byId.get(id)!.callFrame;
    if (NOT_BUSY.has(frame.functionName) && frame.url === '') return;
    busy += delta;
    if (countedNode(id)) counted += delta;
  });
  return { busy, counted };
}

/** The profiles `--cpu-prof-dir=dir` holds: the main thread's first (thread id 0), then any worker threads'. */
export function readProfiles(dir: string): { main: TCpuProfile; workers: TCpuProfile[] } {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .sort();
  // CPU.<date>.<time>.<pid>.<thread id>.<sequence>.cpuprofile
  const threadOf = (name: string) => Number(name.split('.')[4]);
  const load = (name: string) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as TCpuProfile;
  const mainFile = files.find((name) => threadOf(name) === 0);
  if (!mainFile) throw new Error(`no main-thread CPU profile in ${dir}`);
  return { main: load(mainFile), workers: files.filter((name) => name !== mainFile).map(load) };
}
