import type { Logger } from 'pino';

export interface BackgroundTasks {
  /** Runs `task` after the response; a failure is logged, never thrown at the request. */
  run(task: Promise<unknown>): void;
  /** Resolves once every task started so far has finished (shutdown, tests). */
  settled(): Promise<void>;
}

/**
 * Work that must not hold up a response: mail to an address that has an account would otherwise make
 * sign-up and reset answer later than for one that has none, telling an observer who is registered.
 */
export const createBackgroundTasks = (logger: Logger): BackgroundTasks => {
  const pending = new Set<Promise<unknown>>();
  return {
    run(task) {
      const tracked = task
        .catch((err) => logger.error({ err: { message: (err as Error).message } }, 'background task failed'))
        .finally(() => pending.delete(tracked));
      pending.add(tracked);
    },
    async settled() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
};
