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
  type Whose,
  whoseFor,
} from '@healthfolio/core';
import type { AppDeps } from '../../app-deps';
import { AiError, type AiMessage } from './ai.client';
import { aiTools, runTool } from './ai-tools';
import { buildAssistantContext } from './assistant-context';
import { deleteMessages, insertMessage, presentMessage, selectRecentMessages } from './chat.repository';
import {
  newestPressure,
  newestReading,
  type UserSettings,
  userSettings,
  windowMetrics,
} from './health-metrics.service';

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
  /** Whose record it is: the account's own, or the ward's (named) while a guardian acts for them. */
  whose: Whose;
  /** The last 10 messages before the question, oldest first. */
  history: { role: 'user' | 'assistant'; content: string }[];
  message: string;
}

/** Who asks for whose record: `ward` is the person's account name when a guardian acts for them. */
export interface Asker {
  ward: { name: string } | null;
}

/** Counts against the user's AI quota (429 before anything is stored), then keeps the question. */
export const acceptQuestion = async (
  deps: Deps,
  userId: string,
  message: string,
  asker: Asker = { ward: null },
): Promise<PendingQuestion> => {
  await deps.quotas.aiRequest(userId);
  const settings = await userSettings(deps.db, userId);
  const history = await deps.db.asUser(userId, async (tx) => {
    const recent = await selectRecentMessages(tx, userId, AI_LIMITS.historyMessages);
    await insertMessage(tx, userId, { role: 'user', content: message, source: null });
    return recent.map((m) => ({ role: m.role as 'user' | 'assistant', content: m.content }));
  });
  // The household's name for the ward (their profile's, else their account's), as every screen says it.
  const w = whoseFor(asker.ward, settings.displayName);
  return { settings, whose: w, history, message };
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
    const ctx = await buildAssistantContext(deps.db, userId, q.settings, !tools, q.whose);
    const messages: AiMessage[] = [
      { role: 'system', content: ctx.text },
      ...q.history,
      { role: 'user', content: q.message },
    ];
    for (let round = 0; ; round++) {
      const offer = tools && round < MAX_TOOL_ROUNDS;
      const turn = await deps.ai.chatTurn({
        messages,
        tools: offer ? aiTools(q.whose) : undefined,
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
          content: await runTool(deps.db, userId, q.settings, c.name, c.arguments, q.whose),
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
  const metrics = await windowMetrics(deps.db, userId, intent.days, q.settings, q.whose);
  return analystAnswer(intent, metrics, emergencies, q.whose);
};

/**
 * The reply to an accepted question: from the model (streamed through onText as it arrives), or,
 * without one, from the built-in analyst. A question that signals an emergency gets the safety answer
 * first whatever the model says (also a question met by the person's newest glucose or blood
 * pressure: core's detectEmergencies), and keeps it (with the analyst's figures) if the model fails.
 * While a guardian acts for a ward every word about the data names the ward. The
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
  const [glucose, pressure] = await Promise.all([
    newestReading(deps.db, userId),
    newestPressure(deps.db, userId),
  ]);
  const emergencies = detectEmergencies(q.message, q.settings.unit, { glucose, pressure });
  let reply: string;
  let source: string;
  if (deps.ai.chatModel) {
    const safety = emergencies.length ? `${emergencyAnswer(emergencies, q.whose)}\n\n` : '';
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
