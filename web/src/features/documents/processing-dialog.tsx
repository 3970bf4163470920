import { Dialog as DialogPrimitive } from 'radix-ui';
import { Progress } from '@/components/ui/progress';

/** The blocking "Processing your document..." dialog: no way to close it until the upload ends. */
export function ProcessingDialog({
  progress,
  whose = 'your',
}: {
  progress: number | null;
  /** Whose document: "your", or the ward's name ("Mia’s") while a guardian acts for her. */
  whose?: string;
}) {
  const pct = Math.round((progress ?? 0) * 100);
  const sent = pct >= 100;
  return (
    <DialogPrimitive.Root open={progress !== null}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <DialogPrimitive.Content
          onEscapeKeyDown={(e) => e.preventDefault()}
          onPointerDownOutside={(e) => e.preventDefault()}
          onInteractOutside={(e) => e.preventDefault()}
          className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-card p-6 text-card-foreground shadow-lg"
        >
          <DialogPrimitive.Title className="text-lg font-semibold">
            Processing {whose} document...
          </DialogPrimitive.Title>
          <DialogPrimitive.Description className="text-sm text-muted-foreground">
            {sent ? 'Checking and encrypting the file.' : `Uploading: ${pct}%`}
          </DialogPrimitive.Description>
          <Progress label="Upload progress" value={pct} max={100} valueText={`${pct}%`} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
