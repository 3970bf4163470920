import { z } from 'zod';

/**
 * Which outside services this server has configured, so a screen can say plainly what will not
 * happen (an email reminder without SMTP) instead of pretending.
 */
export const ServicesResponse = z.object({
  /** SMTP_URL is set: emails are sent. Without it they wait in the outbox and the server log. */
  mail: z.boolean(),
});
export type ServicesResponse = z.infer<typeof ServicesResponse>;
