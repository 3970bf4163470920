import { z } from 'zod';

/** What anyone may learn about this instance (the landing page and the maintenance screen). */
export const PublicOverviewResponse = z.object({
  maintenance: z.object({ enabled: z.boolean(), message: z.string().nullable() }),
  registration: z.object({ open: z.boolean(), requiresApproval: z.boolean() }),
  /** Real figures of this instance, only when the admin chose to show them (Settings, landing_page). */
  usage: z
    .object({
      accounts: z.number().int(),
      entriesLogged: z.number().int(),
      /** Distinct caregivers with a usable share (neither revoked nor expired). */
      caregivers: z.number().int(),
    })
    .nullable(),
});
export type PublicOverviewResponse = z.infer<typeof PublicOverviewResponse>;
