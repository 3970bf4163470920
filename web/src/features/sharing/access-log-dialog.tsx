import { SHARE_CATEGORY_LABELS, type ShareCategory } from '@healthfolio/core/sharing/share-rules';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { QueryView } from '@/features/trackers/screen-parts';
import { formatWhen } from './share-format';
import { type ShareResponse, useAccessLog } from './sharing-api';

const viewedLabel = (v: string) =>
  v === 'overview' ? 'Opened the link' : (SHARE_CATEGORY_LABELS[v as ShareCategory] ?? v);

/** Every read of a share: when, from which address and browser, what was viewed. */
export function AccessLogDialog({
  share,
  timeZone,
  onClose,
}: {
  share: ShareResponse;
  timeZone: string;
  onClose: () => void;
}) {
  const log = useAccessLog(share.id);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[85vh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Access Log</DialogTitle>
          <DialogDescription>
            Every time {share.sharedWithName ?? share.sharedWithEmail} opened what you shared.
          </DialogDescription>
        </DialogHeader>
        <QueryView query={log} what="the access log">
          {(items) =>
            items.length === 0 ? (
              <p className="text-sm text-muted-foreground">Not opened yet.</p>
            ) : (
              <table className="w-full text-left text-sm">
                <thead>
                  <tr className="border-b text-muted-foreground">
                    <th scope="col" className="py-2 pr-3 font-medium">
                      When
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Viewed
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      From
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((item, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: log rows have no id and never reorder.
                    <tr key={i} className="border-b last:border-0 align-top">
                      <td className="py-2 pr-3 whitespace-nowrap">{formatWhen(item.at, timeZone)}</td>
                      <td className="py-2 pr-3">{viewedLabel(item.viewed)}</td>
                      <td className="py-2 break-all text-muted-foreground">
                        {item.device ?? 'Unknown browser'}
                        <span className="block text-xs">{item.ipAddress ?? 'Address unknown'}</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )
          }
        </QueryView>
      </DialogContent>
    </Dialog>
  );
}
