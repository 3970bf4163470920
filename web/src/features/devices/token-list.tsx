import { Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api';
import { useWhen } from './format';

export interface TokenItem {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

interface Words {
  /** The list's accessible name ("Followers"). */
  label: string;
  empty: string;
  /** "Added" or "Created". */
  made: string;
  /** "last read" or "last used". */
  used: string;
  /** The button and its confirmation: "Remove" or "Revoke". */
  action: string;
  /** What ending it does, in the confirmation. */
  consequence: string;
  /** The toast once it is ended ("Follower removed"). */
  done: string;
}

/**
 * Named access an app holds (a follower's token, an uploader's secret): each with when it was made and
 * last used, and a button that ends it after a confirmation. `revoke` ends one by id; `created` (the
 * mutation that showed a new token's secret) is cleared with it, so no secret stays on screen.
 */
export function TokenList<T extends TokenItem>({
  items,
  words,
  detail,
  revoke,
  created,
}: {
  items: T[];
  words: Words;
  detail?: (item: T) => ReactNode;
  revoke: {
    mutate: (id: string, then: { onSuccess: () => void; onError: (e: Error) => void }) => void;
    isPending: boolean;
  };
  created: { reset: () => void };
}) {
  const when = useWhen();
  const [confirming, setConfirming] = useState<T | null>(null);
  const stop = () =>
    confirming &&
    revoke.mutate(confirming.id, {
      onSuccess: () => {
        setConfirming(null);
        created.reset();
        toast.success(words.done);
      },
      onError: (e) =>
        toast.error(`Could not ${words.action.toLowerCase()}`, {
          description: errorMessage(e, 'Please try again.'),
        }),
    });
  return (
    <>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{words.empty}</p>
      ) : (
        <ul className="flex flex-col divide-y rounded-lg border" aria-label={words.label}>
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <div className="min-w-0">
                <p className="font-medium">{item.name}</p>
                {detail?.(item)}
                <p className="text-xs text-muted-foreground">
                  {words.made} {when(item.createdAt)} · {words.used} {when(item.lastUsedAt, 'never')}
                </p>
              </div>
              <Button
                variant="ghost"
                aria-label={`${words.action} ${item.name}`}
                onClick={() => setConfirming(item)}
              >
                <Trash2 aria-hidden="true" /> {words.action}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {confirming && (
        <ConfirmDialog
          title={`${words.action} “${confirming.name}”?`}
          description={words.consequence}
          confirmLabel={words.action}
          pending={revoke.isPending}
          onConfirm={stop}
          onClose={() => setConfirming(null)}
        />
      )}
    </>
  );
}
