import { AI_TEXTS } from '@healthfolio/core/ai/texts';
import { Maximize2, Minus, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { WidgetState } from './chat-launcher';
import { ChatPanel } from './chat-panel';
import { useChat } from './use-chat';

/** The floating chat: open, or minimised to its header; closing it brings back the round button. */
export function ChatWidget({
  state,
  onState,
  className,
}: {
  state: Exclude<WidgetState, 'closed'>;
  onState: (s: WidgetState) => void;
  className?: string;
}) {
  const chat = useChat(AI_TEXTS.chatErrorTitle);
  const minimized = state === 'minimized';
  return (
    <section
      aria-label="AI chat"
      className={cn(
        'fixed right-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-xl border bg-card shadow-xl',
        minimized ? 'h-auto' : 'h-[min(32rem,calc(100vh-8rem))]',
        className,
      )}
    >
      <header className="flex items-center gap-1 border-b bg-primary px-3 py-2 text-primary-foreground">
        <h2 className="mr-auto text-sm font-semibold">AI Health Assistant</h2>
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
      <ChatPanel chat={chat} className={cn('flex-1', minimized && 'hidden')} />
    </section>
  );
}
