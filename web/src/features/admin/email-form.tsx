import { EMAIL_TYPES, type EmailType } from '@healthfolio/core';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { ApiError } from '@/lib/api';
import { useSendEmail } from './admin-api';
import { EMAIL_FIELDS, EMAIL_TYPE_LABELS } from './email-fields';

/** The five email types through the server's mailer; Send needs a recipient address. */
export function EmailForm() {
  const send = useSendEmail();
  const [type, setType] = useState<EmailType>('medication_reminder');
  const [recipientEmail, setRecipientEmail] = useState('');
  const [recipientName, setRecipientName] = useState('');
  const [data, setData] = useState<Record<string, string>>({});
  const fields = EMAIL_FIELDS[type];

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const payload = Object.fromEntries(
      fields.map((f) => [f.name, data[f.name]?.trim() ?? '']).filter(([, v]) => v !== ''),
    );
    send.mutate(
      { type, recipientEmail, ...(recipientName.trim() && { recipientName }), data: payload },
      {
        // "Sent" only when the mail server took it; without one the email waits in the outbox.
        onSuccess: (res) =>
          res.delivery === 'outbox'
            ? toast.warning('Email not sent', {
                description: `No mail server is set up, so the ${EMAIL_TYPE_LABELS[type].toLowerCase()} email for ${recipientEmail} is kept in the outbox below.`,
              })
            : toast.success('Email sent successfully', {
                description: `${EMAIL_TYPE_LABELS[type]} email sent to ${recipientEmail}`,
              }),
        onError: (err) =>
          toast.error('Failed to send email', {
            description:
              err instanceof ApiError && err.fieldErrors.length
                ? err.fieldErrors.map((f) => f.message).join('; ')
                : err.message || 'An error occurred while sending the email',
          }),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Email</CardTitle>
        <CardDescription>
          Sent by this server’s mailer as a formatted email with a link to Healthfolio.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-4" onSubmit={submit}>
          <div className="flex flex-col gap-2">
            <Label htmlFor="admin-email-type">Email type</Label>
            <Select
              id="admin-email-type"
              value={type}
              onChange={(e) => {
                setType(e.target.value as EmailType);
                setData({});
              }}
            >
              {EMAIL_TYPES.map((t) => (
                <option key={t} value={t}>
                  {EMAIL_TYPE_LABELS[t]}
                </option>
              ))}
            </Select>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="Recipient email"
              type="email"
              value={recipientEmail}
              onChange={(e) => setRecipientEmail(e.target.value)}
              required
            />
            <FormField
              label="Recipient name (optional)"
              value={recipientName}
              onChange={(e) => setRecipientName(e.target.value)}
            />
          </div>
          {type === 'weekly_summary' && (
            <p className="text-sm text-muted-foreground">
              The weekly summary invites the recipient to sign in and see their week; it has no fields.
            </p>
          )}
          {fields.map((f) => (
            <FormField
              key={`${type}-${f.name}`}
              label={f.label}
              type={f.type ?? 'text'}
              required={f.required}
              value={data[f.name] ?? ''}
              onChange={(e) => setData((d) => ({ ...d, [f.name]: e.target.value }))}
            />
          ))}
          <Button type="submit" className="self-start" disabled={!recipientEmail.trim() || send.isPending}>
            {send.isPending ? 'Sending…' : 'Send Email'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
