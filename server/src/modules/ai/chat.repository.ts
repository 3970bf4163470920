import type { ChatMessageResponse, ChatRole } from '@healthfolio/core';
import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { aiChatMessages } from '../../db/schema';

type Row = typeof aiChatMessages.$inferSelect;

export const presentMessage = (r: Row): ChatMessageResponse => ({
  id: r.id,
  role: r.role as ChatRole,
  content: r.content,
  createdAt: new Date(r.createdAt).toISOString(),
  source: r.source,
});

export const insertMessage = async (
  tx: Tx,
  userId: string,
  m: { role: ChatRole; content: string; source: string | null },
) => {
  const [row] = await tx
    .insert(aiChatMessages)
    // The clock of the request, not of the transaction: a question and its answer keep their order.
    .values({ userId, ...m, createdAt: new Date() })
    .returning();
  return row!;
};

/** The user's latest `limit` messages, oldest first. */
export const selectRecentMessages = async (tx: Tx, userId: string, limit: number) => {
  const rows = await tx
    .select()
    .from(aiChatMessages)
    .where(eq(aiChatMessages.userId, userId))
    .orderBy(desc(aiChatMessages.createdAt), desc(aiChatMessages.id))
    .limit(limit);
  return rows.reverse();
};

export const deleteMessages = (tx: Tx, userId: string) =>
  tx.delete(aiChatMessages).where(and(eq(aiChatMessages.userId, userId)));
