import { PACKET_CATEGORY_LABELS, type PacketStatus } from '@healthfolio/core/packets/packet.schema';
import { countOf } from '@healthfolio/core/text/count-words';
import { ClipboardList } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryView } from '@/features/trackers/screen-parts';
import { formatWhen } from '../sharing/share-format';
import { type PacketResponse, usePackets, useRevokePacket } from './packets-api';

// The dialog brings the QR code library: loaded when the button is pressed.
const PacketDialog = lazy(async () => ({ default: (await import('./packet-dialog')).PacketDialog }));

const STATUS_LABELS: Record<PacketStatus, string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
  locked: 'Locked (too many wrong passcodes)',
};

function PacketCard({
  packet,
  timeZone,
  onRevoke,
}: {
  packet: PacketResponse;
  timeZone: string;
  onRevoke: () => void;
}) {
  const active = packet.status === 'active';
  return (
    <Card>
      <CardContent className="flex flex-col gap-2 pt-6 text-sm">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-semibold">
            Last {packet.days} days, created {formatWhen(packet.createdAt, timeZone)}
          </h3>
          <Badge variant={active ? 'default' : 'secondary'}>{STATUS_LABELS[packet.status]}</Badge>
        </div>
        <p className="text-muted-foreground">
          {packet.categories.map((c) => PACKET_CATEGORY_LABELS[c]).join(', ')}
          {packet.questionCount ? `; ${countOf(packet.questionCount, 'question')}` : ''}
        </p>
        <p>
          {active ? 'Expires' : 'Expiry'} {formatWhen(packet.expiresAt, timeZone)} · Opened{' '}
          {countOf(packet.openedCount, 'time')} · {countOf(packet.attemptsLeft, 'passcode attempt')} left
        </p>
        {active && (
          <Button variant="outline" size="sm" className="self-start" onClick={onRevoke}>
            Revoke
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/** The sharing screen's "Prepare for a visit": the button, then the packets made so far. */
export function PacketsSection({ timeZone }: { timeZone: string }) {
  const packets = usePackets();
  const revoke = useRevokePacket();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<PacketResponse | null>(null);
  return (
    <section aria-labelledby="packets-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="packets-heading" className="text-lg font-semibold">
          Visit packets
        </h2>
        <Button variant="outline" onClick={() => setCreating(true)}>
          <ClipboardList aria-hidden="true" /> Prepare for a visit
        </Button>
      </div>
      <QueryView query={packets} what="visit packets">
        {(items) =>
          items.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No visit packets yet. Prepare one before an appointment: a PDF summary your doctor opens with a
              link and a passcode.
            </p>
          ) : (
            <ul className="grid gap-3 lg:grid-cols-2">
              {items.map((p) => (
                <li key={p.id}>
                  <PacketCard packet={p} timeZone={timeZone} onRevoke={() => setRevoking(p)} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
      {creating && (
        <Suspense fallback={null}>
          <PacketDialog timeZone={timeZone} onClose={() => setCreating(false)} />
        </Suspense>
      )}
      {revoking && (
        <ConfirmDialog
          title="Revoke this packet?"
          description="Its link and QR code will stop working at once."
          confirmLabel="Revoke"
          keepLabel="Keep packet"
          pending={revoke.isPending}
          onConfirm={() =>
            revoke.mutate(revoking.id, {
              onSuccess: () => {
                toast.success('Packet revoked');
                setRevoking(null);
              },
              onError: () => toast.error('Failed to revoke the packet'),
            })
          }
          onClose={() => setRevoking(null)}
        />
      )}
    </section>
  );
}
