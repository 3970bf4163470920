import { Bell } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useUnreadCounts } from './notifications-api';
import { countText } from './unread-badge';

/**
 * The header's bell with the number of unread notifications. The live stream invalidates the counts,
 * so the number follows new and read items without a reload. A failed count shows no number.
 */
export function NotificationsBell({ onClick }: { onClick: () => void }) {
  const unread = useUnreadCounts().data?.all ?? 0;
  return (
    <Button
      variant="ghost"
      size="icon"
      className="relative"
      aria-label={unread ? `Notifications, ${countText(unread)} unread` : 'Notifications'}
      onClick={onClick}
    >
      <Bell aria-hidden="true" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[0.6875rem] font-semibold text-destructive-foreground"
        >
          {countText(unread)}
        </span>
      )}
    </Button>
  );
}
