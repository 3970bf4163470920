import {
  PACKET_CATEGORIES,
  PACKET_LINK_DAYS,
  PACKET_MAX_QUESTIONS,
  type PacketCategory,
  PacketCreateRequest,
  packetCategoryLabel,
} from '@healthfolio/core/packets/packet.schema';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Segmented } from '@/components/ui/segmented';
import { Textarea } from '@/components/ui/textarea';
import { useGlucoseStatus } from '@/features/diabetes/glucose-api';
import { errorMessage } from '@/lib/api';
import { useProfile } from '@/lib/session';
import { PacketCreated } from './packet-created';
import { type PacketCreatedResponse, useCreatePacket } from './packets-api';

/** The questions are typed one a line; the request carries them as a list. */
const PacketForm = PacketCreateRequest.extend({
  questions: z
    .string()
    .transform((text) =>
      text
        .split('\n')
        .map((q) => q.trim())
        .filter(Boolean),
    )
    .pipe(PacketCreateRequest.shape.questions.unwrap()),
});
type Values = z.input<typeof PacketForm>;
type Output = z.output<typeof PacketForm>;

const WINDOWS = [
  { value: 14, label: '14 days' },
  { value: 30, label: '30 days' },
] as const;
/**
 * What the packet offers: every part in diabetes mode; in general mode the glucose part only to someone
 * with glucose readings (nobody is offered an empty heading), in plain words.
 */
const useCategoryOptions = () => {
  const profile = useProfile();
  const status = useGlucoseStatus();
  if (profile.isPending || status.isPending) return null;
  const diabetes = profile.data?.userType === 'diabetes_focused';
  const hasGlucose = status.isError || (status.data?.totalReadings ?? 0) > 0;
  return PACKET_CATEGORIES.filter((c) => c !== 'glucose' || diabetes || hasGlucose).map((c) => ({
    value: c,
    label: packetCategoryLabel(c, diabetes),
  }));
};

/** "Prepare for a visit": window, categories, questions → the PDF packet as a passcode-protected link. */
export function PacketDialog({ timeZone, onClose }: { timeZone: string; onClose: () => void }) {
  const [created, setCreated] = useState<PacketCreatedResponse | null>(null);
  const options = useCategoryOptions();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Prepare for a visit</DialogTitle>
          <DialogDescription>
            A printable PDF summary for your doctor, shared as a SMART Health Link with a passcode. The link
            works for {PACKET_LINK_DAYS} days, or until you revoke it.
          </DialogDescription>
        </DialogHeader>
        {created ? (
          <PacketCreated created={created} timeZone={timeZone} onClose={onClose} />
        ) : options ? (
          <PacketFormBody options={options} onCreated={setCreated} onClose={onClose} />
        ) : (
          <p className="text-sm text-muted-foreground">Loading…</p>
        )}
      </DialogContent>
    </Dialog>
  );
}

function PacketFormBody({
  options,
  onCreated,
  onClose,
}: {
  options: { value: PacketCategory; label: string }[];
  onCreated: (created: PacketCreatedResponse) => void;
  onClose: () => void;
}) {
  const create = useCreatePacket();
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(PacketForm),
    defaultValues: { days: 14, categories: options.map((o) => o.value), questions: '' },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (body) => {
    try {
      onCreated(await create.mutateAsync(body));
    } catch (error) {
      toast.error('Could not prepare the packet', { description: errorMessage(error, 'Please try again.') });
    }
  });
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <span className="text-sm font-medium">Period</span>
        <Controller
          control={form.control}
          name="days"
          render={({ field }) => (
            <Segmented label="Period" options={WINDOWS} value={field.value} onChange={field.onChange} />
          )}
        />
      </div>
      <Controller
        control={form.control}
        name="categories"
        render={({ field }) => (
          <CheckboxGroup
            legend="Include"
            name="packet-categories"
            options={options}
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
      {errors.categories && (
        <p role="alert" className="text-sm text-destructive">
          {errors.categories.message}
        </p>
      )}
      <div className="flex flex-col gap-2">
        <Label htmlFor="packet-questions">Questions for the doctor (optional, one a line)</Label>
        <Textarea
          id="packet-questions"
          rows={4}
          aria-describedby="packet-questions-hint"
          {...form.register('questions')}
        />
        <p id="packet-questions-hint" className="text-xs text-muted-foreground">
          Up to {PACKET_MAX_QUESTIONS} questions; they are printed at the end of the summary.
        </p>
        {errors.questions && (
          <p role="alert" className="text-sm text-destructive">
            {errors.questions.message ??
              (Array.isArray(errors.questions)
                ? errors.questions.find(Boolean)?.message
                : 'Check your questions')}
          </p>
        )}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Preparing…' : 'Create packet'}
        </Button>
      </DialogFooter>
    </form>
  );
}
