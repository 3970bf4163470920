import { z } from 'zod';

/** Spec texts (core-platform §8, tracking-and-records §8) shared by the server and the screens. */
export const AI_TEXTS = {
  greeting:
    "Hello! I'm your AI health assistant. Ask me about your readings, trends and logs. I'm not a doctor: for medical decisions, talk to your care team.",
  chatErrorTitle: 'AI Chat Error',
  pageErrorTitle: 'AI Analysis Error',
  errorDescription: 'Failed to get AI response. Please try again.',
  apology: "I'm sorry, I'm having trouble connecting right now. Please try again later.",
  emptyReply: 'No response from AI.',
  analyzing: 'Analyzing...',
} as const;

/** Spec: chat history sent to the assistant is the last 10 messages; context is 90 days, ≤200 entries. */
export const AI_LIMITS = {
  historyMessages: 10,
  contextDays: 90,
  contextEntries: 200,
  messageMaxChars: 4000,
} as const;

/** The four quick-question buttons of /dashboard/ai-analysis. */
export const AI_QUICK_QUESTIONS = [
  'What was my average glucose this week?',
  'What patterns do you see in my recent data?',
  'How consistent have I been with logging and medications?',
  'What should I ask at my next appointment?',
] as const;

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
  message: z
    .string()
    .trim()
    .min(1, 'Type a message')
    .max(AI_LIMITS.messageMaxChars, `A message has at most ${AI_LIMITS.messageMaxChars} characters`),
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
