import { ShareCreateRequest } from '@healthfolio/core/sharing/share.schema';
import { zodResolver } from '@hookform/resolvers/zod';
import { Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { AccessLevelField, CategoriesField, ExpiryField } from './share-fields';
import { copyText } from './share-format';
import { type ShareCreatedResponse, useCreateShare } from './sharing-api';

type Values = z.input<typeof ShareCreateRequest>;
type Output = z.output<typeof ShareCreateRequest>;

const DEFAULTS: Output = {
  email: '',
  name: '',
  message: '',
  accessType: 'view_only',
  expiresInDays: 30,
  categories: ['documents', 'health_metrics'],
  requireSignIn: false,
  alertOnLow: false,
};

/** Shown after sending: the link to copy (the only way to pass it on when the server sends no mail). */
function CreatedLink({ share, onClose }: { share: ShareCreatedResponse; onClose: () => void }) {
  const id = useId();
  const copy = async () => {
    try {
      await copyText(share.link);
      toast.success('Link copied');
    } catch {
      toast.error('Could not copy', { description: 'Select the link and copy it yourself.' });
    }
  };
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">
        {share.emailed
          ? `We emailed the link to ${share.sharedWithEmail}. You can also copy it here.`
          : `This server does not send email, so ${share.sharedWithEmail} has not been emailed: copy the link and send it yourself.`}
      </p>
      <Label htmlFor={id}>Share link</Label>
      <Input id={id} readOnly value={share.link} onFocus={(e) => e.currentTarget.select()} />
      <DialogFooter>
        <Button variant="outline" onClick={copy}>
          <Copy aria-hidden="true" /> Copy Link
        </Button>
        <Button onClick={onClose}>Done</Button>
      </DialogFooter>
    </div>
  );
}

/** `initial`: who to invite, when the dialog is opened for someone ("Give caregiver access" in Settings → Household). */
export function InviteDialog({
  onClose,
  initial,
}: {
  onClose: () => void;
  initial?: { email: string; name: string };
}) {
  const create = useCreateShare();
  const [created, setCreated] = useState<ShareCreatedResponse | null>(null);
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(ShareCreateRequest),
    defaultValues: initial ? { ...DEFAULTS, ...initial } : DEFAULTS,
  });
  const email = form.watch('email');
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (body) => {
    try {
      const share = await create.mutateAsync(body);
      setCreated(share);
      // "Sent" only when the email left; otherwise the dialog says to pass the link on yourself.
      toast.success(share.emailed ? 'Invitation sent' : 'Share link created');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401)
        toast.error('Authentication required', { description: 'You must be logged in to share data' });
      // Over the invitation budget (429) or the live-share cap (409): the server says when or what to do.
      else if (error instanceof ApiError && (error.status === 429 || error.status === 409))
        toast.error('Failed to create invitation', { description: error.message });
      else toast.error('Failed to create invitation');
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Invite Someone to View Your Health Data</DialogTitle>
          <DialogDescription>
            They get a read-only link to the categories you choose, until it expires or you revoke it.
          </DialogDescription>
        </DialogHeader>
        {created ? (
          <CreatedLink share={created} onClose={onClose} />
        ) : (
          <form noValidate onSubmit={submit} className="flex flex-col gap-4">
            <FormField
              label="Email Address"
              type="email"
              autoComplete="off"
              required
              error={errors.email?.message}
              {...form.register('email')}
            />
            <FormField label="Name (optional)" autoComplete="off" {...form.register('name')} />
            <div className="flex flex-col gap-2">
              <Label htmlFor="share-message">Personal Message (optional)</Label>
              <Textarea
                id="share-message"
                rows={3}
                aria-describedby="share-message-hint"
                {...form.register('message')}
              />
              <p id="share-message-hint" className="text-sm text-muted-foreground">
                The email shows it as a quote from you, below the invitation.
              </p>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <Controller
                control={form.control}
                name="accessType"
                render={({ field }) => (
                  <AccessLevelField value={field.value ?? 'view_only'} onChange={field.onChange} />
                )}
              />
              <Controller
                control={form.control}
                name="expiresInDays"
                render={({ field }) => (
                  <ExpiryField
                    value={field.value === undefined ? 30 : field.value}
                    onChange={field.onChange}
                  />
                )}
              />
            </div>
            <Controller
              control={form.control}
              name="categories"
              render={({ field }) => (
                <CategoriesField
                  value={field.value ?? []}
                  onChange={field.onChange}
                  error={errors.categories?.message}
                />
              )}
            />
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-primary"
                {...form.register('requireSignIn')}
              />
              <span>
                Require them to sign in with this email address (the share then appears under “Shared with me”
                in their account)
              </span>
            </label>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-primary"
                {...form.register('alertOnLow')}
              />
              <span>Email them if my glucose stays low after a low-glucose alert</span>
            </label>
            <DialogFooter>
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={!email?.trim() || form.formState.isSubmitting}>
                {form.formState.isSubmitting ? 'Sending…' : 'Send Invitation'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
