import { AI_TEXTS } from '@healthfolio/core/ai/texts';
import { Maximize2, Minus, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import type { ActingView } from '@/features/household/household-shell';
import { whoseRecord } from '@/features/household/whose';
import { cn } from '@/lib/utils';
import type { WidgetState } from './chat-launcher';
import { ChatPanel } from './chat-panel';
import { useChat } from './use-chat';

/**
 * The floating chat: open, or minimised to its header; closing it brings back the round button. Opened
 * or expanded, focus moves into its message box; Escape closes it (the launcher then puts focus back on
 * its button). `acting`
 * is whose record it is about: while a guardian acts for a ward, the header names them (the words load
 * with the widget, not with every dashboard page).
 */
export function ChatWidget({
  state,
  onState,
  className,
  acting,
}: {
  state: Exclude<WidgetState, 'closed'>;
  onState: (s: WidgetState) => void;
  className?: string;
  acting: ActingView | null;
}) {
  const chat = useChat(AI_TEXTS.chatErrorTitle, whoseRecord(acting));
  const minimized = state === 'minimized';
  const input = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (!minimized) input.current?.focus();
  }, [minimized]);
  return (
    <section
      aria-label="AI chat"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !e.nativeEvent.isComposing) {
          e.stopPropagation();
          onState('closed');
        }
      }}
      className={cn(
        'fixed right-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-xl border bg-card shadow-xl',
        minimized ? 'h-auto' : 'h-[min(32rem,calc(100vh-8rem))]',
        className,
      )}
    >
      <header className="flex items-center gap-1 border-b bg-primary px-3 py-2 text-primary-foreground">
        <div className="mr-auto min-w-0">
          <h2 className="text-sm font-semibold">AI Health Assistant</h2>
          {chat.words.about ? <p className="truncate text-xs">{chat.words.about}</p> : null}
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 text-primary-foreground hover:bg-primary-foreground/15 hover:text-primary-foreground"
          aria-label={minimized ? 'Expand chat' : 'Minimize chat'}
          onClick={() => onState(minimized ? 'open' : 'minimized')}
        >
          {minimized ? <Maximize2 aria-hidden="true" /> : <Minus aria-hidden="true" />}
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 text-primary-foreground hover:bg-primary-foreground/15 hover:text-primary-foreground"
          aria-label="Close chat"
          onClick={() => onState('closed')}
        >
          <X aria-hidden="true" />
        </Button>
      </header>
      {/* Minimised keeps the conversation (and a pending reply) alive, only hidden. */}
      <ChatPanel chat={chat} inputRef={input} className={cn('flex-1', minimized && 'hidden')} />
    </section>
  );
}
