import { z } from 'zod';

/**
 * A household in the admin console: the people kept together by the same guardians. Names and
 * addresses of the guardians, names of the people, never a health value.
 */
export const AdminHousehold = z.object({
  guardians: z.array(z.object({ accountId: z.string().uuid(), displayName: z.string(), email: z.string() })),
  people: z.array(z.object({ personId: z.string().uuid(), displayName: z.string(), createdAt: z.string() })),
});
export type AdminHousehold = z.infer<typeof AdminHousehold>;

export const AdminHouseholdsResponse = z.object({
  items: z.array(AdminHousehold),
  /** Accounts (who can sign in) and people (every record: accounts and the people guardians keep). */
  accounts: z.number().int(),
  people: z.number().int(),
});
export type AdminHouseholdsResponse = z.infer<typeof AdminHouseholdsResponse>;
