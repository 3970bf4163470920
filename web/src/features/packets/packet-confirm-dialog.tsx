import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { type PacketResponse, useDeletePacket, useRevokePacket } from './packets-api';

export type PacketAction = 'revoke' | 'delete';

const WORDS: Record<
  PacketAction,
  { title: string; description: string; confirmLabel: string; done: string; failed: string }
> = {
  revoke: {
    title: 'Revoke this packet?',
    description: 'Its link and QR code will stop working at once.',
    confirmLabel: 'Revoke',
    done: 'Packet revoked',
    failed: 'Failed to revoke the packet',
  },
  delete: {
    title: 'Delete this packet?',
    description: 'It is removed from this list for good.',
    confirmLabel: 'Delete',
    done: 'Packet deleted',
    failed: 'Failed to delete the packet',
  },
};

/** "Revoke" or "Delete" on a packet, asked once more before it is done. */
export function PacketConfirmDialog({
  action,
  packet,
  onClose,
}: {
  action: PacketAction;
  packet: PacketResponse;
  onClose: () => void;
}) {
  const revoke = useRevokePacket();
  const remove = useDeletePacket();
  const mutation = action === 'revoke' ? revoke : remove;
  const { done, failed, ...words } = WORDS[action];
  return (
    <ConfirmDialog
      {...words}
      keepLabel="Keep packet"
      pending={mutation.isPending}
      onConfirm={() =>
        mutation.mutate(packet.id, {
          onSuccess: () => {
            toast.success(done);
            onClose();
          },
          onError: () => toast.error(failed),
        })
      }
      onClose={onClose}
    />
  );
}
