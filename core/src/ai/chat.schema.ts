import { z } from 'zod';
import { text } from '../http/text';
import { AI_LIMITS, messageTooLong } from './texts';

export const ChatRole = z.enum(['user', 'assistant']);
export type ChatRole = z.infer<typeof ChatRole>;

export const ChatMessageResponse = z.object({
  id: z.string().uuid(),
  role: ChatRole,
  content: z.string(),
  createdAt: z.string(),
  /** Who answered: the configured model's name, or "built-in analyst". Absent on user messages. */
  source: z.string().nullable(),
});
export type ChatMessageResponse = z.infer<typeof ChatMessageResponse>;

export const ChatHistoryResponse = z.object({ items: z.array(ChatMessageResponse) });
export type ChatHistoryResponse = z.infer<typeof ChatHistoryResponse>;

export const ChatSendRequest = z.strictObject({
  message: text().trim().min(1, 'Type a message').max(AI_LIMITS.messageMaxChars, messageTooLong()),
});
export type ChatSendRequest = z.infer<typeof ChatSendRequest>;

/**
 * The reply arrives as Server-Sent Events: `delta` events carry text as it is produced (one when the
 * provider does not stream), then `done` carries the stored message, or `error` a problem code.
 */
export type ChatStreamEvent =
  | { event: 'delta'; data: { text: string } }
  | { event: 'done'; data: ChatMessageResponse }
  | { event: 'error'; data: { code: string; detail: string } };
