/** Sleep of a polling loop that others can cut short; a poke while the loop is busy is not lost. */
export class Wakeup {
  private pending = false;
  private waiter: (() => void) | undefined;

  poke(): void {
    this.pending = true;
    this.waiter?.();
  }

  wait(ms: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiter = undefined;
        this.pending = false;
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      this.waiter = done;
    });
  }
}
