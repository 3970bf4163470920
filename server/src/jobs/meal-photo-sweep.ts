import type { Logger } from 'pino';
import type { Database } from '../db/database';
import { sweepUncitedMealPhotos } from '../modules/ai/meal-analysis.service';
import type { FileStorage } from '../storage/file-storage';
import { repeatEvery } from './repeat';

export interface MealPhotoSweep {
  /** Deletes the photos due at `now`; returns how many went. */
  runOnce(now?: Date): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * Deletes, hourly, the stored photos of meal analyses that no meal shows a day after they were made
 * (the user analysed a photo, then closed the dialog). Every process may run it: each photo is
 * locked while it is judged and deleted, so two runs never step on each other. State lives only in
 * the database (the photo columns), so a run cut short is finished by the next one.
 */
export const createMealPhotoSweep = (
  deps: { db: Database; storage: FileStorage; logger: Logger },
  opts: { intervalMs?: number } = {},
): MealPhotoSweep => {
  const runOnce = (now = new Date()) => sweepUncitedMealPhotos(deps, now);
  const loop = repeatEvery(opts.intervalMs ?? 3_600_000, runOnce, (err) =>
    deps.logger.warn({ err: { message: (err as Error).message } }, 'meal photo sweep failed'),
  );
  return { runOnce, start: loop.start, stop: loop.stop };
};
