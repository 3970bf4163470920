import { z } from 'zod';

/**
 * Which outside services this server has configured, so a screen can say plainly what will not
 * happen (an email reminder without SMTP) instead of pretending.
 */
export const ServicesResponse = z.object({
  /** SMTP_URL is set: emails are sent. Without it they wait in the outbox and the server log. */
  mail: z.boolean(),
  /** AI_BASE_URL/AI_API_KEY with a model: the assistant uses it; without, the built-in analyst answers. */
  aiChat: z.boolean(),
  /** A vision model (AI_VISION_MODEL or AI_MODEL): meal photos can be analysed. */
  aiVision: z.boolean(),
});
export type ServicesResponse = z.infer<typeof ServicesResponse>;
