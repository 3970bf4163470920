import { type PacketStatus, packetCategoryLabel } from '@healthfolio/core/packets/packet.schema';
import { countOf } from '@healthfolio/core/text/count-words';
import { ClipboardList } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { QueryView } from '@/features/trackers/screen-parts';
import { useProfile } from '@/lib/session';
import { formatWhen } from '../sharing/share-format';
import { type PacketAction, PacketConfirmDialog } from './packet-confirm-dialog';
import { type PacketResponse, usePackets } from './packets-api';

// The dialog brings the QR code library: loaded when the button is pressed.
const PacketDialog = lazy(async () => ({ default: (await import('./packet-dialog')).PacketDialog }));

const STATUS_LABELS: Record<PacketStatus, string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
  locked: 'Locked (too many wrong passcodes)',
};

/**
 * What is true of the link now: a live one's expiry and passcode attempts; a revoked one only when it
 * was revoked (its expiry and attempts no longer mean anything), an expired one when it expired.
 */
const linkState = (packet: PacketResponse, timeZone: string) => {
  const opened = `Opened ${countOf(packet.openedCount, 'time')}`;
  const attempts = `${countOf(packet.attemptsLeft, 'passcode attempt')} left`;
  switch (packet.status) {
    case 'active':
      return `Expires ${formatWhen(packet.expiresAt, timeZone)} · ${opened} · ${attempts}`;
    case 'revoked':
      return `Revoked ${formatWhen(packet.revokedAt ?? packet.expiresAt, timeZone)} · ${opened}`;
    case 'expired':
      return `Expired ${formatWhen(packet.expiresAt, timeZone)} · ${opened}`;
    case 'locked':
      return opened;
  }
};

function PacketCard({
  packet,
  timeZone,
  diabetes,
  onRevoke,
  onDelete,
}: {
  packet: PacketResponse;
  timeZone: string;
  diabetes: boolean;
  onRevoke: () => void;
  onDelete: () => void;
}) {
  const active = packet.status === 'active';
  // The button's name says which packet, as a list of several read by a screen reader needs.
  const which = `the packet of the last ${packet.days} days, created ${formatWhen(packet.createdAt, timeZone)}`;
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
          {packet.categories.map((c) => packetCategoryLabel(c, diabetes)).join(', ')}
          {packet.questionCount ? `; ${countOf(packet.questionCount, 'question')}` : ''}
        </p>
        <p>{linkState(packet, timeZone)}</p>
        {active ? (
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            onClick={onRevoke}
            aria-label={`Revoke ${which}`}
          >
            Revoke
          </Button>
        ) : (
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            onClick={onDelete}
            aria-label={`Delete ${which}`}
          >
            Delete
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/** The sharing screen's "Prepare for a visit": the button, then the packets made so far. */
export function PacketsSection({ timeZone }: { timeZone: string }) {
  const packets = usePackets();
  const diabetes = useProfile().data?.userType === 'diabetes_focused';
  const [creating, setCreating] = useState(false);
  const [confirming, setConfirming] = useState<{ action: PacketAction; packet: PacketResponse } | null>(null);
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
                  <PacketCard
                    packet={p}
                    timeZone={timeZone}
                    diabetes={diabetes}
                    onRevoke={() => setConfirming({ action: 'revoke', packet: p })}
                    onDelete={() => setConfirming({ action: 'delete', packet: p })}
                  />
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
      {confirming && (
        <PacketConfirmDialog
          action={confirming.action}
          packet={confirming.packet}
          onClose={() => setConfirming(null)}
        />
      )}
    </section>
  );
}
