import {
  AI_LIMITS,
  AI_TEXTS,
  ANALYST_SOURCE,
  analystAnswer,
  analystIntent,
  type ChatMessageResponse,
  detectEmergencies,
  type EmergencyFinding,
  emergencyAnswer,
} from '@healthfolio/core';
import type { AppDeps } from '../../app-deps';
import { AiError, type AiMessage } from './ai.client';
import { AI_TOOLS, runTool } from './ai-tools';
import { buildAssistantContext } from './assistant-context';
import { deleteMessages, insertMessage, presentMessage, selectRecentMessages } from './chat.repository';
import { newestReading, type UserSettings, userSettings, windowMetrics } from './health-metrics.service';

type Deps = Pick<AppDeps, 'db' | 'ai' | 'config' | 'quotas'>;
const MAX_TOOL_ROUNDS = 3;

export const chatHistory = (db: AppDeps['db'], userId: string) =>
  db.asUser(userId, async (tx) => ({
    items: (await selectRecentMessages(tx, userId, 200)).map(presentMessage),
  }));

export const clearChat = (db: AppDeps['db'], userId: string) =>
  db.asUser(userId, async (tx) => void (await deleteMessages(tx, userId)));

export interface PendingQuestion {
  settings: UserSettings;
  /** The last 10 messages before the question, oldest first. */
  history: { role: 'user' | 'assistant'; content: string }[];
  message: string;
}

/** Counts against the user's AI quota (429 before anything is stored), then keeps the question. */
export const acceptQuestion = async (
  deps: Deps,
  userId: string,
  message: string,
): Promise<PendingQuestion> => {
  await deps.quotas.aiRequest(userId);
  const settings = await userSettings(deps.db, userId);
  const history = await deps.db.asUser(userId, async (tx) => {
    const recent = await selectRecentMessages(tx, userId, AI_LIMITS.historyMessages);
    await insertMessage(tx, userId, { role: 'user', content: message, source: null });
    return recent.map((m) => ({ role: m.role as 'user' | 'assistant', content: m.content }));
  });
  return { settings, history, message };
};

const askModel = async (
  deps: Deps,
  userId: string,
  q: PendingQuestion,
  onText: (t: string) => void,
  signal: AbortSignal,
) => {
  let streamed = false;
  const emit = (t: string) => {
    streamed = true;
    onText(t);
  };
  const attempt = async (tools: boolean) => {
    const ctx = await buildAssistantContext(deps.db, userId, q.settings, !tools);
    const messages: AiMessage[] = [
      { role: 'system', content: ctx.text },
      ...q.history,
      { role: 'user', content: q.message },
    ];
    for (let round = 0; ; round++) {
      const offer = tools && round < MAX_TOOL_ROUNDS;
      const turn = await deps.ai.chatTurn({
        messages,
        tools: offer ? AI_TOOLS : undefined,
        onText: emit,
        signal,
      });
      if (!offer || !turn.toolCalls.length) return turn.text;
      messages.push({
        role: 'assistant',
        content: turn.text || null,
        tool_calls: turn.toolCalls.map((c) => ({
          id: c.id,
          type: 'function' as const,
          function: { name: c.name, arguments: c.arguments },
        })),
      });
      for (const c of turn.toolCalls)
        messages.push({
          role: 'tool',
          tool_call_id: c.id,
          content: await runTool(deps.db, userId, q.settings, c.name, c.arguments),
        });
    }
  };
  if (!deps.config.ai?.tools) return attempt(false);
  try {
    return await attempt(true);
  } catch (err) {
    // A provider (or model) without function calling refuses the request: ask again with the entries.
    if (err instanceof AiError && err.code === 'ai_rejected' && !streamed) return attempt(false);
    throw err;
  }
};

const analystReply = async (
  deps: Deps,
  userId: string,
  q: PendingQuestion,
  emergencies: EmergencyFinding[],
) => {
  const intent = analystIntent(q.message);
  return analystAnswer(intent, await windowMetrics(deps.db, userId, intent.days, q.settings), emergencies);
};

/**
 * The reply to an accepted question: from the model (streamed through onText as it arrives), or,
 * without one, from the built-in analyst. A question that signals an emergency gets the safety answer
 * first whatever the model says (also a what-to-do question while the person's newest reading is
 * urgently low), and keeps it (with the analyst's figures) if the model fails. The
 * reply is stored once complete; an empty one reads "No response from AI.". Provider failures throw
 * AiError.
 */
export const answerQuestion = async (
  deps: Deps,
  userId: string,
  q: PendingQuestion,
  onText: (t: string) => void,
  signal: AbortSignal,
): Promise<ChatMessageResponse> => {
  const emergencies = detectEmergencies(q.message, q.settings.unit, await newestReading(deps.db, userId));
  let reply: string;
  let source: string;
  if (deps.ai.chatModel) {
    const safety = emergencies.length ? `${emergencyAnswer(emergencies)}\n\n` : '';
    if (safety) onText(safety);
    try {
      reply = (await askModel(deps, userId, q, onText, signal)).trim();
      source = deps.ai.chatModel;
      if (!reply) {
        reply = AI_TEXTS.emptyReply;
        onText(reply);
      }
      reply = safety + reply;
    } catch (err) {
      if (!safety || signal.aborted || !(err instanceof AiError)) throw err;
      // The safety answer is never lost to a provider failure: the analyst's figures follow it.
      const figures = await analystReply(deps, userId, q, []);
      onText(figures);
      reply = safety + figures;
      source = ANALYST_SOURCE;
    }
  } else {
    reply = await analystReply(deps, userId, q, emergencies);
    source = ANALYST_SOURCE;
    onText(reply);
  }
  const row = await deps.db.asUser(userId, (tx) =>
    insertMessage(tx, userId, { role: 'assistant', content: reply, source }),
  );
  return presentMessage(row);
};
