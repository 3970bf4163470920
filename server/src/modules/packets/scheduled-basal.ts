import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { selectDocs } from '../nightscout/ns-collections.repository';
import { activeSwitchAt, effectiveProfile, selectProfileSwitches } from '../nightscout/ns-profile-switch';
import { profileBasalAt } from '../nightscout/ns-properties';

const PROFILES_MAX = 100;

/**
 * The pump's scheduled basal rate (U/h) at an instant, as Nightscout reads it: the newest profile
 * document that had started by then (profiles are stored with their start), its default profile or
 * the one a profile switch put in force (scaled and shifted), the schedule's step in the profile's
 * own time zone; undefined before the first profile or without a basal schedule. Also the switches'
 * starts and ends, where the rate can change off the quarter hour.
 */
export const scheduledBasal = async (tx: Tx, userId: string, from: Date, to: Date) => {
  const profiles = (
    await selectDocs(tx, userId, 'profile', {
      where: [sql`start_date <= ${to.toISOString()}`],
      count: PROFILES_MAX,
    })
  ).map((r) => ({ at: new Date(r.occurred_at).getTime(), doc: r.doc as Record<string, unknown> }));
  if (!profiles.length) return { rateAt: undefined, breaks: [] };
  const switches = await selectProfileSwitches(tx, userId, to.getTime(), 500);
  const rateAt = (ms: number) => {
    const profile = profiles.find((p) => p.at <= ms)?.doc; // newest first
    if (!profile) return undefined;
    return profileBasalAt(effectiveProfile(profile, activeSwitchAt(switches, profile, ms)), ms);
  };
  const breaks = [
    ...profiles.map((p) => p.at),
    ...switches.flatMap((s) => {
      const start = s.occurredAt.getTime();
      return s.durationMinutes > 0 ? [start, start + s.durationMinutes * 60_000] : [start];
    }),
  ].filter((ms) => ms > from.getTime() && ms < to.getTime());
  return { rateAt, breaks };
};
