import type { UserType } from '@healthfolio/core';
import { Droplet, HeartPulse } from 'lucide-react';
import { type RefObject, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ChoiceCard } from '@/components/ui/choice-card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api';
import { useUpdateProfile } from '@/lib/session';
import { reloadWithToast } from '@/lib/toast-after-reload';
import { MODE_LABELS } from './mode-labels';

const SWITCHED: Record<UserType, string> = {
  general_health: 'Switched to Complete Health platform.',
  diabetes_focused: 'Switched to Diabetes-Focused platform.',
};

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  current: UserType;
  returnFocusTo?: RefObject<HTMLButtonElement | null>;
};

export function PlatformModeDialog({ open, onOpenChange, current, returnFocusTo }: Props) {
  const other: UserType = current === 'diabetes_focused' ? 'general_health' : 'diabetes_focused';
  const [choice, setChoice] = useState<UserType>(other);
  const update = useUpdateProfile();
  useEffect(() => {
    if (open) setChoice(other);
  }, [open, other]);

  const submit = () =>
    update.mutate(
      { userType: choice },
      {
        onSuccess: () => {
          onOpenChange(false);
          reloadWithToast({ kind: 'success', title: 'Success!', description: SWITCHED[choice] });
        },
        onError: (error) =>
          toast.error('Error', { description: errorMessage(error, 'Failed to switch platform mode') }),
      },
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo) return;
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Switch Platform Mode</DialogTitle>
          <DialogDescription>
            Choose how Healthfolio is laid out for you. Your data and preferences are preserved when you
            switch.
          </DialogDescription>
        </DialogHeader>
        <fieldset className="flex flex-col gap-3">
          <legend className="sr-only">Platform mode</legend>
          <ChoiceCard
            name="platform-mode"
            value="general_health"
            checked={choice === 'general_health'}
            onChange={() => setChoice('general_health')}
            icon={HeartPulse}
            title="Complete Health"
            description="Documents, insurance, appointments, devices, sharing and all trackers."
            note={current === 'general_health' ? 'Current platform' : undefined}
          />
          <ChoiceCard
            name="platform-mode"
            value="diabetes_focused"
            checked={choice === 'diabetes_focused'}
            onChange={() => setChoice('diabetes_focused')}
            icon={Droplet}
            title="Diabetes-Focused"
            description="Adds the glucose home, carb counter, insulin calculator, A1C tracker and CGM devices."
            note={current === 'diabetes_focused' ? 'Current platform' : undefined}
          />
        </fieldset>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={choice === current || update.isPending}>
            {update.isPending ? 'Switching…' : `Switch to ${MODE_LABELS[choice]}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
