import { sql } from 'drizzle-orm';

/**
 * The instance's figures, defined once for the admin dashboard and the public landing page alike.
 * Accounts are people with their own sign-in (any status but `dependent`: the people guardians keep
 * cannot sign in). Entries logged are tracker entries plus glucose readings, from any source.
 * Reading auth.user needs the owner connection (adminAccountTx).
 */
export const ACCOUNTS = sql`(select count(*)::int from auth.user where status <> 'dependent')`;
export const TRACKER_ENTRIES = sql`(select count(*)::int from tracker_entries)`;
export const GLUCOSE_READINGS = sql`(select count(*)::int from glucose_readings)`;
