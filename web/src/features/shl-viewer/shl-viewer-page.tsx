import { decodeShlink, needsPasscode, shlinkExpired } from '@healthfolio/core/packets/shlink';
import { Download, FileText, Lock } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { LinkMessagePage } from '@/components/link-message-page';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { useDocumentTitle } from '@/lib/use-document-title';
import { type ManifestOutcome, openShl } from './shl-client';

const INVALID =
  'This link is not valid. It may have expired, been revoked or been locked after too many wrong passcodes. Ask the patient for a new one.';

function PdfView({ pdf }: { pdf: Blob }) {
  const url = useMemo(() => URL.createObjectURL(pdf), [pdf]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <main className="mx-auto flex min-h-screen max-w-5xl flex-col gap-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="flex items-center gap-2 text-2xl font-semibold">
          <FileText className="size-6" aria-hidden="true" /> Pre-visit summary
        </h1>
        <Button asChild>
          <a href={url} download="pre-visit-summary.pdf">
            <Download aria-hidden="true" /> Download PDF
          </a>
        </Button>
      </div>
      <iframe
        title="Pre-visit summary (PDF)"
        src={url}
        className="h-[80vh] w-full rounded-md border bg-white"
      />
    </main>
  );
}

/**
 * The SMART Health Link viewer: reads `#shlink:/…` from the address (the fragment never reaches the
 * server), asks for the passcode, fetches the manifest and decrypts the packet in this browser.
 */
export function ShlViewerPage() {
  useDocumentTitle('Visit packet');
  const { hash } = useLocation();
  const payload = useMemo(() => decodeShlink(hash), [hash]);
  const [passcode, setPasscode] = useState('');
  const [recipient, setRecipient] = useState('');
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<ManifestOutcome | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  if (!payload) return <LinkMessagePage title="This link is not valid" message={INVALID} />;
  if (shlinkExpired(payload)) {
    return (
      <LinkMessagePage
        title="This link has expired"
        message="Ask the patient to prepare a new visit packet."
      />
    );
  }
  if (outcome?.kind === 'ok') return <PdfView pdf={outcome.pdf} />;
  if (outcome?.kind === 'invalid')
    return <LinkMessagePage title="This link is not valid" message={INVALID} />;
  if (outcome?.kind === 'wrong_passcode' && outcome.remainingAttempts <= 0) {
    return (
      <LinkMessagePage
        title="This link is locked"
        message="Too many wrong passcodes were entered, so the link no longer opens. Ask the patient for a new one."
      />
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setPending(true);
    setFailure(null);
    try {
      setOutcome(await openShl(payload, passcode.trim(), recipient.trim() || 'Healthfolio web viewer'));
    } catch {
      setFailure('The packet could not be opened. Check your connection and try again.');
    } finally {
      setPending(false);
    }
  };
  const wrong = outcome?.kind === 'wrong_passcode' ? outcome.remainingAttempts : null;
  const error =
    wrong !== null
      ? `Wrong passcode. ${wrong} attempt${wrong === 1 ? '' : 's'} left before the link locks.`
      : outcome?.kind === 'unreadable'
        ? 'This link holds no summary this viewer can show.'
        : undefined;

  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-6 p-6">
      <Card>
        <CardHeader>
          <h1 className="flex items-center gap-2 text-2xl font-semibold">
            <Lock className="size-5" aria-hidden="true" /> {payload.label ?? 'Health summary'}
          </h1>
          <CardDescription>
            A patient shared this with you. It is decrypted in this browser; enter the passcode they gave you.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
            <FormField
              label="Your name or clinic (optional)"
              autoComplete="organization"
              value={recipient}
              onChange={(e) => setRecipient(e.target.value)}
            />
            {needsPasscode(payload) && (
              <FormField
                label="Passcode"
                inputMode="numeric"
                autoComplete="off"
                required
                value={passcode}
                error={error}
                onChange={(e) => setPasscode(e.target.value)}
              />
            )}
            {failure && (
              <p role="alert" className="text-sm text-destructive">
                {failure}
              </p>
            )}
            <Button type="submit" disabled={pending}>
              {pending ? 'Opening…' : 'Open summary'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </main>
  );
}
