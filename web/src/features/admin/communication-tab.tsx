import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { useMailOutbox } from './admin-api';
import { formatDateTime, mailStatusText } from './admin-format';
import { EmailForm } from './email-form';
import { MessageForm } from './message-form';

function MailStatus() {
  const { timezone } = useDashboardContext().profile;
  const mail = useMailOutbox();
  if (!mail.data)
    return mail.isLoadingError ? (
      <Alert variant="destructive">The mail status could not be loaded.</Alert>
    ) : null;
  const outbox = mail.data.mode === 'outbox';
  return (
    <Card>
      <CardHeader>
        <CardTitle>{outbox ? 'Outbox' : 'Recent email'}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {outbox && (
          <Alert>
            No mail server is set up, so no email leaves this server: messages are kept in the outbox below.
            To send email, set the SMTP_URL setting in the server’s environment (see Operations in the
            documentation) and restart it.
          </Alert>
        )}
        {mail.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No email yet.</p>
        ) : (
          <ul className="flex flex-col divide-y text-sm" aria-label={outbox ? 'Outbox' : 'Recent email'}>
            {mail.data.items.map((m) => (
              <li key={m.id} className="flex flex-wrap justify-between gap-2 py-2">
                <span className="min-w-0 truncate">
                  {m.subject} → {m.to}
                </span>
                <span className="text-muted-foreground">
                  {mailStatusText(m.status)} · {formatDateTime(m.createdAt, timezone)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function CommunicationTab() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <MessageForm />
      <div className="flex flex-col gap-4">
        <EmailForm />
        <MailStatus />
      </div>
    </div>
  );
}
