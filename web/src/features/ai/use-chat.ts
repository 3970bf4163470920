import type { ChatHistoryResponse } from '@healthfolio/core';
import { AI_TEXTS } from '@healthfolio/core/ai/texts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { api } from '@/lib/api';
import { streamChat } from './chat-stream';

export interface ChatItem {
  id: string;
  role: 'user' | 'assistant';
  content: string;
}

const GREETING: ChatItem = { id: 'greeting', role: 'assistant', content: AI_TEXTS.greeting };
const HISTORY_KEY = ['ai-chat'];
let localId = 0;
const nextId = () => `local-${++localId}`;

/**
 * The conversation: the greeting, the stored history (loaded once), then what this screen sends.
 * A send is ignored while blank or while a reply is pending; a failure shows the toast titled
 * `errorTitle` and the spec's apology as an assistant message.
 */
export function useChat(errorTitle: string) {
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

  const send = async (text: string) => {
    const message = text.trim();
    if (!message || pendingRef.current) return false;
    pendingRef.current = true;
    setPending(true);
    setItems((prev) => [...(prev ?? []), { id: nextId(), role: 'user', content: message }]);
    setStreaming('');
    try {
      const done = await streamChat(message, (t) => setStreaming((s) => (s ?? '') + t));
      setItems((prev) => [...(prev ?? []), { id: done.id, role: 'assistant', content: done.content }]);
    } catch {
      toast.error(errorTitle, { description: AI_TEXTS.errorDescription });
      setItems((prev) => [...(prev ?? []), { id: nextId(), role: 'assistant', content: AI_TEXTS.apology }]);
    } finally {
      pendingRef.current = false;
      setPending(false);
      setStreaming(null);
      void qc.invalidateQueries({ queryKey: HISTORY_KEY, refetchType: 'none' });
    }
    return true;
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
    messages: [GREETING, ...(items ?? [])],
    streaming,
    pending,
    loading: history.isPending,
    loadError: history.isError,
    retryLoad: () => history.refetch(),
    send,
    clear,
  };
}

export type ChatState = ReturnType<typeof useChat>;
