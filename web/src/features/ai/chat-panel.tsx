import { AI_LIMITS, AI_TEXTS, messageTooLong } from '@healthfolio/core/ai/texts';
import { Send } from 'lucide-react';
import { type KeyboardEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import type { ChatState } from './use-chat';

function Bubble({ from: role, children }: { from: 'user' | 'assistant'; children: React.ReactNode }) {
  return (
    <li className={cn('flex', role === 'user' ? 'justify-end' : 'justify-start')}>
      <div
        className={cn(
          'max-w-[85%] whitespace-pre-wrap rounded-lg px-3 py-2 text-sm',
          role === 'user' ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground',
        )}
      >
        <span className="sr-only">{role === 'user' ? 'You: ' : 'Assistant: '}</span>
        {children}
      </div>
    </li>
  );
}

/** The message list and the input, shared by the floating widget and the full page. */
export function ChatPanel({
  chat,
  className,
  inputRef,
}: {
  chat: ChatState;
  className?: string;
  /** The message box, for a widget that moves focus into it when it opens. */
  inputRef?: Ref<HTMLTextAreaElement>;
}) {
  const [draft, setDraft] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  const problemId = useId();
  const endRef = useRef<HTMLLIElement>(null);
  const count = chat.messages.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when a message or a streamed piece arrives
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [count, chat.streaming]);

  const tooLong = draft.trim().length > AI_LIMITS.messageMaxChars;
  const problem = tooLong ? messageTooLong() : refused;

  const submit = async () => {
    const text = draft;
    if (!text.trim() || chat.pending || tooLong) return;
    setDraft('');
    setRefused(null);
    const result = await chat.send(text);
    if (!result.ok) {
      // Refused, not lost: the text goes back into the input unless something new was typed meanwhile.
      setDraft((now) => (now.trim() ? now : text));
      setRefused(result.problem);
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <div className={cn('flex min-h-0 flex-col', className)}>
      {/* Focusable so a keyboard can scroll a long answer (a safety answer often overflows the widget). */}
      <div
        role="log"
        aria-label="Conversation"
        aria-live="polite"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        className="flex-1 overflow-y-auto p-3 focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ul className="space-y-3">
          {chat.messages.map((m) => (
            <Bubble key={m.id} from={m.role}>
              {m.content}
            </Bubble>
          ))}
          {chat.streaming ? <Bubble from="assistant">{chat.streaming}</Bubble> : null}
          {chat.loadError ? (
            <li className="text-sm text-destructive">
              {chat.words.loadError}{' '}
              <Button variant="link" className="h-auto p-0" onClick={() => chat.retryLoad()}>
                Try again
              </Button>
            </li>
          ) : null}
          <li ref={endRef} aria-hidden="true" />
        </ul>
      </div>
      <form
        className="flex items-end gap-2 border-t p-3"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <Textarea
            ref={inputRef}
            aria-label="Message"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
            placeholder={chat.words.placeholder}
            className="min-h-10 resize-none"
            rows={2}
            value={draft}
            onChange={(e) => {
              setDraft(e.target.value);
              setRefused(null);
            }}
            onKeyDown={onKeyDown}
          />
          {problem && (
            <p id={problemId} role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          )}
        </div>
        <Button type="submit" disabled={chat.pending} aria-label={chat.pending ? AI_TEXTS.analyzing : 'Send'}>
          {chat.pending ? AI_TEXTS.analyzing : <Send aria-hidden="true" />}
        </Button>
      </form>
    </div>
  );
}
