import type { ChatHistoryResponse } from '@healthfolio/core';
import { AI_LIMITS, AI_TEXTS, messageTooLong } from '@healthfolio/core/ai/texts';
import type { Whose } from '@healthfolio/core/text/whose';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ApiError, api } from '@/lib/api';
import { assistantWords } from './assistant-words';
import { streamChat } from './chat-stream';

export interface ChatItem {
  id: string;
  role: 'user' | 'assistant';
  content: string;
}

const HISTORY_KEY = ['ai-chat'];
let localId = 0;
const nextId = () => `local-${++localId}`;

/** What became of a send: sent (or ignored), or refused with the reason in words for the user. */
export type SendResult = { ok: true } | { ok: false; problem: string };

// The server answered and refused the message (too long, too many questions, signed out): its own
// words, not the spec's connection-error texts, which are for a server that could not be reached or failed.
const refusal = (error: unknown): string | null => {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return null;
  return error.fieldErrors[0]?.message ?? error.message;
};

/**
 * The conversation: the greeting, the stored history (loaded once), then what this screen sends.
 * A send is ignored while blank or while a reply is pending; one too long or refused by the server
 * comes back with the reason (the caller keeps the text); a connection failure shows the toast titled
 * `errorTitle` and the spec's apology as an assistant message. `w` is whose record the conversation is
 * about (the ward's while a guardian acts for them): the greeting and labels name them.
 */
export function useChat(errorTitle: string, w: Whose) {
  const words = assistantWords(w);
  const qc = useQueryClient();
  const history = useQuery({
    queryKey: HISTORY_KEY,
    queryFn: () => api<ChatHistoryResponse>('/api/v1/ai/chat'),
  });
  const [items, setItems] = useState<ChatItem[] | null>(null);
  const [streaming, setStreaming] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const pendingRef = useRef(false);

  useEffect(() => {
    if (history.data && items === null) setItems(history.data.items);
  }, [history.data, items]);

  const send = async (text: string): Promise<SendResult> => {
    const message = text.trim();
    if (!message || pendingRef.current) return { ok: true };
    if (message.length > AI_LIMITS.messageMaxChars) return { ok: false, problem: messageTooLong() };
    pendingRef.current = true;
    setPending(true);
    const asked: ChatItem = { id: nextId(), role: 'user', content: message };
    setItems((prev) => [...(prev ?? []), asked]);
    setStreaming('');
    try {
      const done = await streamChat(message, (t) => setStreaming((s) => (s ?? '') + t));
      setItems((prev) => [...(prev ?? []), { id: done.id, role: 'assistant', content: done.content }]);
    } catch (error) {
      const problem = refusal(error);
      if (problem) {
        // Refused before it was stored: the question leaves the conversation and goes back to the input.
        setItems((prev) => (prev ?? []).filter((m) => m !== asked));
        return { ok: false, problem };
      }
      toast.error(errorTitle, { description: AI_TEXTS.errorDescription });
      setItems((prev) => [...(prev ?? []), { id: nextId(), role: 'assistant', content: AI_TEXTS.apology }]);
    } finally {
      pendingRef.current = false;
      setPending(false);
      setStreaming(null);
      void qc.invalidateQueries({ queryKey: HISTORY_KEY, refetchType: 'none' });
    }
    return { ok: true };
  };

  const clear = useMutation({
    mutationFn: () => api<null>('/api/v1/ai/chat', { method: 'DELETE' }),
    onSuccess: () => {
      setItems([]);
      qc.setQueryData(HISTORY_KEY, { items: [] });
    },
    onError: () => toast.error('Could not clear the conversation', { description: 'Please try again.' }),
  });

  return {
    messages: [{ id: 'greeting', role: 'assistant', content: words.greeting } as ChatItem, ...(items ?? [])],
    words,
    streaming,
    pending,
    loading: history.isPending,
    loadError: history.isLoadingError,
    retryLoad: () => history.refetch(),
    send,
    clear,
  };
}

export type ChatState = ReturnType<typeof useChat>;
