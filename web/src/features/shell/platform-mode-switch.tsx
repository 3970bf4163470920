import type { UserType } from '@healthfolio/core';
import { ArrowLeftRight } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { MODE_LABELS } from './mode-labels';

// The dialog's code loads when it is first opened, keeping it out of every dashboard page's first load.
const PlatformModeDialog = lazy(() =>
  import('./platform-mode-dialog').then((m) => ({ default: m.PlatformModeDialog })),
);

export function PlatformModeSwitch({
  current,
  label,
  variant = 'outline',
}: {
  current: UserType;
  label?: string;
  variant?: 'outline' | 'default';
}) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button ref={trigger} variant={variant} size="sm" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <ArrowLeftRight aria-hidden="true" />
        {label ?? MODE_LABELS[current]}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <PlatformModeDialog open onOpenChange={setOpen} current={current} returnFocusTo={trigger} />
        </Suspense>
      )}
    </>
  );
}
