import { MESSAGE_TEMPLATES, REQUIRED_FIELDS_MESSAGE } from '@healthfolio/core';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { PRIORITY_OPTIONS, TYPE_OPTIONS } from '@/features/notifications/add-notification-form';
import { errorMessage } from '@/lib/api';
import { useAdminUsers, useSendMessage } from './admin-api';

/** An in-app message from System Administrator, live on the recipients' open pages. */
export function MessageForm() {
  const users = useAdminUsers('', 'active');
  const send = useSendMessage();
  const [selected, setSelected] = useState<string[]>([]);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [type, setType] = useState<string>('notification');
  const [priority, setPriority] = useState<string>('medium');

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!title.trim() || !content.trim()) {
      toast.error(REQUIRED_FIELDS_MESSAGE);
      return;
    }
    send.mutate(
      { userIds: selected, title, content, type, priority },
      {
        onSuccess: ({ sent }) => {
          toast.success('Message Sent', {
            description: `Message sent to ${sent} ${sent === 1 ? 'user' : 'users'} successfully`,
          });
          setTitle('');
          setContent('');
          setSelected([]);
        },
        onError: (err) => toast.error('Failed to send message', { description: errorMessage(err, '') }),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>In-app message</CardTitle>
        <CardDescription>
          Shown at once on the recipients’ open pages, from System Administrator.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">Recipients</legend>
            <div className="max-h-40 overflow-y-auto rounded-md border p-2">
              {users.isLoadingError && <p className="text-sm text-destructive">Failed to load users</p>}
              {users.data?.items.map((u) => (
                <label key={u.userId} className="flex items-center gap-2 py-1 text-sm">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={selected.includes(u.userId)}
                    onChange={(e) =>
                      setSelected((s) =>
                        e.target.checked ? [...s, u.userId] : s.filter((id) => id !== u.userId),
                      )
                    }
                  />
                  {u.displayName}{' '}
                  <span className="font-mono text-xs text-muted-foreground">{u.userId.slice(0, 8)}</span>
                </label>
              ))}
            </div>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {selected.length ? `${selected.length} selected` : 'All users will be notified'}
            </p>
          </fieldset>
          <fieldset className="flex flex-wrap gap-2">
            <legend className="mb-2 w-full text-sm font-medium">Quick templates</legend>
            {MESSAGE_TEMPLATES.map((t) => (
              <Button
                key={t.name}
                type="button"
                size="sm"
                variant="outline"
                onClick={() => {
                  setTitle(t.title);
                  setContent(t.content);
                  setType(t.type);
                  setPriority(t.priority);
                }}
              >
                {t.name}
              </Button>
            ))}
          </fieldset>
          <FormField
            label="Title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            required
            maxLength={200}
          />
          <div className="flex flex-col gap-2">
            <Label htmlFor="admin-message-content">Content</Label>
            <Textarea
              id="admin-message-content"
              value={content}
              onChange={(e) => setContent(e.target.value)}
              required
              maxLength={5000}
              rows={4}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="flex flex-col gap-2">
              <Label htmlFor="admin-message-type">Type</Label>
              <Select id="admin-message-type" value={type} onChange={(e) => setType(e.target.value)}>
                {TYPE_OPTIONS.map((t) => (
                  <option key={t.value} value={t.value}>
                    {t.label}
                  </option>
                ))}
              </Select>
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="admin-message-priority">Priority</Label>
              <Select
                id="admin-message-priority"
                value={priority}
                onChange={(e) => setPriority(e.target.value)}
              >
                {PRIORITY_OPTIONS.map((p) => (
                  <option key={p.value} value={p.value}>
                    {p.label}
                  </option>
                ))}
              </Select>
            </div>
          </div>
          <Button type="submit" className="self-start" disabled={send.isPending}>
            {send.isPending ? 'Sending…' : 'Send Message'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
