import { MessageCircle } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { cn } from '@/lib/utils';

const ChatWidget = lazy(async () => ({ default: (await import('./chat-widget')).ChatWidget }));

export type WidgetState = 'closed' | 'open' | 'minimized';

/**
 * The floating round button of the dashboard. The widget's code loads only when it is first opened,
 * so no dashboard screen pays for it up front.
 */
export function ChatLauncher({ mobile }: { mobile: boolean }) {
  const [state, setState] = useState<WidgetState>('closed');
  const bottom = mobile ? 'bottom-20' : 'bottom-6';
  if (state === 'closed')
    return (
      <button
        type="button"
        aria-label="Open AI chat"
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
      <ChatWidget state={state} onState={setState} className={bottom} />
    </Suspense>
  );
}
