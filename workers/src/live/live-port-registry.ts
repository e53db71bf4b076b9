/**
 * Who holds a receiving source's local socket in this process. Only one process can bind a listener's port: while
 * the recorder holds it, a probe would steal the feed, so the probe asks first and the source's state then comes
 * from the recorder. A console preview holds it for as long as someone watches; a recording that starts takes it
 * over (the preview is told to let go, and its viewers then watch the recording).
 */
export type TPortHolder = 'recorder' | 'probe' | 'preview';

const holders = new Map<string, { holder: TPortHolder; onEvicted?: () => void }>();

export const livePortRegistry = {
  /**
   * Takes the socket for `holder`; false when someone holds it. The recorder always wins: over a probe (short, it
   * ends by itself) and over a preview, whose `onEvicted` is then called to stop its ffmpeg.
   */
  claim(bindKey: string, holder: TPortHolder, onEvicted?: () => void): boolean {
    const current = holders.get(bindKey);
    if (current) {
      if (holder !== 'recorder' || current.holder === 'recorder') return false;
      current.onEvicted?.();
    }
    holders.set(bindKey, { holder, onEvicted });
    return true;
  },
  release(bindKey: string, holder: TPortHolder): void {
    if (holders.get(bindKey)?.holder === holder) holders.delete(bindKey);
  },
  holder(bindKey: string): TPortHolder | undefined {
    return holders.get(bindKey)?.holder;
  },
};
