import { Copy, History, Settings2, ShieldOff } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { categoryList, formatWhen, levelLabel, STATUS_LABELS } from './share-format';
import type { ShareResponse } from './sharing-api';

export type ShareAction = 'copy' | 'permissions' | 'log' | 'revoke';

/**
 * A share that opens something: active, or pending (not opened yet, but the link works). The spec
 * offers Revoke on active shares; a pending one is just as open, so it can be revoked too.
 */
const live = (s: ShareResponse) => s.status === 'active' || s.status === 'pending';

/** One share: who, status, level, categories, expiry and last access, and what the owner can do with it. */
export function ShareCard({
  share,
  timeZone,
  onAction,
}: {
  share: ShareResponse;
  timeZone: string;
  onAction: (action: ShareAction, share: ShareResponse) => void;
}) {
  const who = share.sharedWithName ?? share.sharedWithEmail;
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="truncate font-semibold">{who}</h3>
            {share.sharedWithName && (
              <p className="truncate text-sm text-muted-foreground">{share.sharedWithEmail}</p>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <Badge
              variant={
                share.status === 'active' ? 'default' : share.status === 'pending' ? 'secondary' : 'outline'
              }
            >
              {STATUS_LABELS[share.status]}
            </Badge>
            <Badge variant="outline">{levelLabel(share.accessType)}</Badge>
          </div>
        </div>
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-muted-foreground">Shared</dt>
          <dd>{categoryList(share.categories)}</dd>
          <dt className="text-muted-foreground">Expires</dt>
          <dd>{formatWhen(share.expiresAt, timeZone)}</dd>
          <dt className="text-muted-foreground">Last access</dt>
          <dd>{formatWhen(share.lastAccessedAt, timeZone, 'Not opened yet')}</dd>
        </dl>
        <div className="flex flex-wrap gap-2">
          {live(share) && (
            <Button variant="outline" size="sm" onClick={() => onAction('copy', share)}>
              <Copy aria-hidden="true" /> Copy Link
            </Button>
          )}
          {share.status !== 'revoked' && (
            <Button variant="outline" size="sm" onClick={() => onAction('permissions', share)}>
              <Settings2 aria-hidden="true" /> Manage Permissions
            </Button>
          )}
          <Button variant="outline" size="sm" onClick={() => onAction('log', share)}>
            <History aria-hidden="true" /> Access Log
          </Button>
          {live(share) && (
            <Button variant="destructive" size="sm" onClick={() => onAction('revoke', share)}>
              <ShieldOff aria-hidden="true" /> Revoke
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
