import {
  PACKET_CATEGORIES,
  PACKET_CATEGORY_LABELS,
  PACKET_LINK_DAYS,
  PACKET_MAX_QUESTIONS,
  PacketCreateRequest,
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
import { errorMessage } from '@/lib/api';
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
const CATEGORY_OPTIONS = PACKET_CATEGORIES.map((c) => ({ value: c, label: PACKET_CATEGORY_LABELS[c] }));

/** "Prepare for a visit": window, categories, questions → the PDF packet as a passcode-protected link. */
export function PacketDialog({ timeZone, onClose }: { timeZone: string; onClose: () => void }) {
  const create = useCreatePacket();
  const [created, setCreated] = useState<PacketCreatedResponse | null>(null);
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(PacketForm),
    defaultValues: { days: 14, categories: [...PACKET_CATEGORIES], questions: '' },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (body) => {
    try {
      setCreated(await create.mutateAsync(body));
    } catch (error) {
      toast.error('Could not prepare the packet', { description: errorMessage(error, 'Please try again.') });
    }
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Prepare for a visit</DialogTitle>
          <DialogDescription>
            A printable PDF summary for your doctor, shared as a SMART Health Link with a passcode. The link
            works for {PACKET_LINK_DAYS} days, until you revoke it.
          </DialogDescription>
        </DialogHeader>
        {created ? (
          <PacketCreated created={created} timeZone={timeZone} onClose={onClose} />
        ) : (
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
                  options={CATEGORY_OPTIONS}
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
        )}
      </DialogContent>
    </Dialog>
  );
}
