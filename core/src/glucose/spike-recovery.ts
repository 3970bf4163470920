import { isCgmGap } from './cgm-gap';

export const SPIKE_ABOVE_MGDL = 180;
export const RECOVERED_AT_OR_BELOW_MGDL = 150;

export interface SpikeRecovery {
  /** Separate runs of consecutive readings above 180 mg/dL. */
  episodes: number;
  /** Episodes that came back to 150 mg/dL or below before glucose rose above 180 again. */
  events: number;
  /** Mean minutes from an episode's first reading above 180 to its first reading at 150 or below. */
  averageMinutes: number | null;
}

/**
 * Spike episodes and their recovery (tracking spec §9: spike above 180, recovered at 150 or
 * below, in minutes). An episode starts at the first reading above 180; it has recovered at the
 * first later reading at or below 150, however many readings in between (5-minute CGM data comes
 * down in steps). If glucose rises above 180 again first, that is a new episode and the earlier
 * one never came back down. Nothing is measured across a gap in the data (cgm-gap.ts): an episode
 * not back down by the gap is not counted as recovered at its far side, and a reading above 180 after
 * the gap starts a new episode.
 */
export function spikeRecovery(readings: readonly { at: number; mgdl: number }[]): SpikeRecovery {
  let episodes = 0;
  let events = 0;
  let totalMs = 0;
  let inSpike = false;
  let startedAt: number | null = null;
  let previousAt: number | null = null;
  for (const r of readings) {
    if (previousAt !== null && isCgmGap(previousAt, r.at)) {
      inSpike = false;
      startedAt = null;
    }
    previousAt = r.at;
    if (r.mgdl > SPIKE_ABOVE_MGDL) {
      if (!inSpike) {
        episodes += 1;
        startedAt = r.at;
      }
      inSpike = true;
      continue;
    }
    inSpike = false;
    if (startedAt != null && r.mgdl <= RECOVERED_AT_OR_BELOW_MGDL) {
      events += 1;
      totalMs += r.at - startedAt;
      startedAt = null;
    }
  }
  return { episodes, events, averageMinutes: events ? totalMs / events / 60_000 : null };
}
