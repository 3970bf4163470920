import { z } from 'zod';
import { HEALTH_SYSTEM_KINDS } from '../health-systems/health-systems.schema';

/** What anyone may learn about this instance (the landing page and the maintenance screen). */
export const PublicOverviewResponse = z.object({
  maintenance: z.object({ enabled: z.boolean(), message: z.string().nullable() }),
  registration: z.object({ open: z.boolean(), requiresApproval: z.boolean() }),
  /** Real figures of this instance, only when the admin chose to show them (Settings, landing_page). */
  usage: z
    .object({
      /** People with their own sign-in: the admin dashboard's "Total users" (server instance-figures.ts). */
      accounts: z.number().int(),
      /** Tracker entries and glucose readings: the admin dashboard's "Entries logged". */
      entriesLogged: z.number().int(),
      /** Distinct caregivers with a usable share (neither revoked nor expired). */
      caregivers: z.number().int(),
    })
    .nullable(),
  /** What this instance is set up to do, so the landing page claims only what is true here. */
  features: z.object({
    /** Where the assistant's language model runs: none (built-in analyst only), on this server's own
     * machine or network, or at an outside provider (questions and figures leave this server). */
    ai: z.enum(['none', 'this_server', 'outside']),
    /** Wearables and health devices can be connected (the device service, Terra, is set up). */
    devices: z.boolean(),
    /** The largest document upload accepted, in bytes (Settings → Maximum file size). */
    uploadLimitBytes: z.number().int(),
    /** The kinds of health system a person can connect here (an admin added an enabled endpoint with
     * its registration); empty when connecting to patient portals and insurers is not set up. */
    healthSystems: z.array(z.enum(HEALTH_SYSTEM_KINDS)),
  }),
});
export type PublicOverviewResponse = z.infer<typeof PublicOverviewResponse>;
