import { AI_TEXTS } from '@healthfolio/core/ai/texts';
import { Sparkles, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { whoseRecord } from '@/features/household/whose';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { useServices } from '@/lib/use-services';
import { ChatPanel } from './chat-panel';
import { useChat } from './use-chat';

/**
 * /dashboard/ai-analysis: the full-page assistant with the four quick questions, about the ward's
 * record (named) while a guardian acts for them.
 */
export function AiAnalysisPage() {
  const chat = useChat(AI_TEXTS.pageErrorTitle, whoseRecord(useDashboardContext().acting));
  const services = useServices();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="space-y-4">
      {services.data && !services.data.aiChat ? <Alert>{chat.words.noModel}</Alert> : null}
      <section aria-label="Quick questions" className="grid gap-2 sm:grid-cols-2">
        {chat.words.quickQuestions.map((q) => (
          <Button
            key={q}
            variant="outline"
            className="h-auto justify-start whitespace-normal py-3 text-left"
            disabled={chat.pending}
            onClick={() => void chat.send(q)}
          >
            <Sparkles aria-hidden="true" />
            {q}
          </Button>
        ))}
      </section>
      <Card className="flex h-[min(36rem,calc(100vh-18rem))] min-h-80 flex-col">
        <div className="flex items-center justify-between border-b px-3 py-2">
          <p className="text-sm text-muted-foreground">
            Not medical advice. In an emergency, call your local emergency number.
          </p>
          <Button
            variant="ghost"
            size="sm"
            disabled={chat.pending || chat.messages.length <= 1 || chat.clear.isPending}
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden="true" />
            Clear conversation
          </Button>
        </div>
        <ChatPanel chat={chat} className="flex-1" />
      </Card>
      {confirming ? (
        <ConfirmDialog
          onClose={() => setConfirming(false)}
          title="Clear the conversation?"
          description="Every message with the assistant is deleted. This cannot be undone."
          confirmLabel="Clear conversation"
          onConfirm={() => {
            setConfirming(false);
            chat.clear.mutate();
          }}
        />
      ) : null}
    </div>
  );
}
