import { createCachedHealth } from './health-check';

describe('the health check’s database ping', () => {
  let clock: number;
  let pings: number;
  let answer: { resolve(): void; reject(error: Error): void } | undefined;
  const ping = () =>
    new Promise<void>((resolve, reject) => {
      pings++;
      answer = { resolve, reject };
    });
  const check = () => createCachedHealth(ping, { freshMs: 1000, maxAgeMs: 5000, now: () => clock });

  beforeEach(() => {
    clock = 0;
    pings = 0;
    answer = undefined;
  });

  it('does not make a probe wait behind a busy database while a recent answer stands', async () => {
    const health = check();
    const first = health();
    answer!.resolve();
    await first;
    clock = 500;
    await health();
    expect(pings).toBe(1);
    // Stale but recent: answered at once, one ping runs in the background for all probes.
    clock = 2000;
    await health();
    await health();
    expect(pings).toBe(2);
    answer!.resolve();
  });

  it('waits for the database when its last answer is old, and reports it down', async () => {
    const health = check();
    const first = health();
    answer!.reject(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    const second = health();
    expect(pings).toBe(2);
    answer!.resolve();
    await second;
    // A failed background ping is reported by the next probe, which waits for its own.
    clock = 2000;
    await health();
    answer!.reject(new Error('gone'));
    await Promise.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    const third = health();
    answer!.reject(new Error('still gone'));
    await expect(third).rejects.toThrow('still gone');
  });
});
