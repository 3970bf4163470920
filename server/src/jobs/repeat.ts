/** A background loop: `start` runs it at once (catching up on what came due while down), then again
 * `intervalMs` after each run ends; `wake` runs it now, or once more right after the run in progress;
 * `stop` ends the loop and waits for the run in progress. A failed run is reported and the loop goes on. */
export interface Repeater {
  start(): void;
  wake(): void;
  stop(): Promise<void>;
}

export const repeatEvery = (
  intervalMs: number,
  run: () => Promise<unknown>,
  onError: (err: unknown) => void,
): Repeater => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;
  let again = false;
  const tick = () => {
    clearTimeout(timer);
    if (running) {
      again = true;
      return;
    }
    running = run()
      .catch(onError)
      .finally(() => {
        running = undefined;
        if (stopped) return;
        if (again) {
          again = false;
          tick();
        } else timer = setTimeout(tick, intervalMs);
      });
  };
  return {
    start() {
      if (!stopped) return;
      stopped = false;
      tick();
    },
    wake() {
      if (!stopped) tick();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
};
