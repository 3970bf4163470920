import { MessageCircle } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { type ActingView, screenKey } from '@/features/household/household-shell';
import { cn } from '@/lib/utils';

const ChatWidget = lazy(async () => ({ default: (await import('./chat-widget')).ChatWidget }));

export type WidgetState = 'closed' | 'open' | 'minimized';

/**
 * The floating round button of the dashboard. The widget's code loads only when it is first opened,
 * so no dashboard screen pays for it up front. It speaks of the person on show (`acting`): switching
 * person starts the widget afresh, so nothing of one person's conversation shows as another's.
 */
export function ChatLauncher({ mobile, acting }: { mobile: boolean; acting: ActingView | null }) {
  const [state, setState] = useState<WidgetState>('closed');
  // Closing the widget puts focus back on the button that opened it (the widget had it).
  const refocus = useRef(false);
  const onState = (next: WidgetState) => {
    if (next === 'closed') refocus.current = true;
    setState(next);
  };
  const bottom = mobile ? 'bottom-20' : 'bottom-6';
  if (state === 'closed')
    return (
      <button
        type="button"
        aria-label="Open AI chat"
        ref={(button) => {
          if (button && refocus.current) {
            refocus.current = false;
            button.focus();
          }
        }}
        onClick={() => setState('open')}
        className={cn(
          'fixed right-4 z-50 flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          bottom,
        )}
      >
        <MessageCircle className="size-6" aria-hidden="true" />
      </button>
    );
  return (
    <Suspense fallback={null}>
      <ChatWidget
        key={screenKey(acting)}
        state={state}
        onState={onState}
        className={bottom}
        acting={acting}
      />
    </Suspense>
  );
}
