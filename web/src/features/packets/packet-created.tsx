import { Copy, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { copyText, formatWhen } from '../sharing/share-format';
import type { PacketCreatedResponse } from './packets-api';

/** The QR code, the link and the passcode: shown this once (the server cannot show them again). */
export function PacketCreated({
  created,
  timeZone,
  onClose,
}: {
  created: PacketCreatedResponse;
  timeZone: string;
  onClose: () => void;
}) {
  const linkId = useId();
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then((q) =>
      q.toDataURL(created.link, { margin: 1, width: 240, errorCorrectionLevel: 'M' }).then((url) => {
        if (live) setQr(url);
      }),
    );
    return () => {
      live = false;
    };
  }, [created.link]);
  const copy = async (text: string, what: string) => {
    try {
      await copyText(text);
      toast.success(`${what} copied`);
    } catch {
      toast.error('Could not copy', { description: 'Select the text and copy it yourself.' });
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col items-center gap-2">
        {qr ? (
          <img
            src={qr}
            width={240}
            height={240}
            alt="QR code of the visit packet link, to show at the clinic"
          />
        ) : (
          <div className="size-60 animate-pulse rounded-md bg-muted" aria-hidden="true" />
        )}
        <p className="text-sm text-muted-foreground">
          Show this at the clinic. SMART Health Link apps can open it too.
        </p>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={linkId}>Packet link</Label>
        <div className="flex gap-2">
          <Input id={linkId} readOnly value={created.link} onFocus={(e) => e.currentTarget.select()} />
          <Button variant="outline" onClick={() => copy(created.link, 'Link')}>
            <Copy aria-hidden="true" /> Copy Link
          </Button>
        </div>
      </div>
      <Alert className="flex gap-3">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <div className="flex flex-col gap-1">
          <p className="text-sm">
            Passcode:{' '}
            <strong className="font-mono text-lg tracking-widest" data-testid="packet-passcode">
              {created.passcode}
            </strong>
          </p>
          <p className="text-sm">
            Write it down now: it is shown only once. Give it to your doctor separately from the link. After
            10 wrong tries the link stops working.
          </p>
        </div>
      </Alert>
      <p className="text-sm text-muted-foreground">
        The link expires {formatWhen(created.packet.expiresAt, timeZone, '')}.
      </p>
      <DialogFooter>
        <Button onClick={onClose}>Done</Button>
      </DialogFooter>
    </div>
  );
}
