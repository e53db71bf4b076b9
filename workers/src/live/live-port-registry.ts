/**
 * Who holds a receiving source's local socket in this process. Only one process can bind a listener's port: while
 * the recorder holds it, a probe would steal the feed, so the probe asks first and the source's state then comes
 * from the recorder.
 */
export type TPortHolder = 'recorder' | 'probe';

const holders = new Map<string, TPortHolder>();

export const livePortRegistry = {
  /** Takes the socket for `holder`; false when someone holds it (the recorder always wins over a probe). */
  claim(bindKey: string, holder: TPortHolder): boolean {
    const current = holders.get(bindKey);
    if (current === 'recorder' || (current === 'probe' && holder === 'probe')) return false;
    holders.set(bindKey, holder);
    return true;
  },
  release(bindKey: string, holder: TPortHolder): void {
    if (holders.get(bindKey) === holder) holders.delete(bindKey);
  },
  holder(bindKey: string): TPortHolder | undefined {
    return holders.get(bindKey);
  },
};
