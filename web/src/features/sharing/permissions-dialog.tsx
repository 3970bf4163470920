import type { AccessLevel, ShareCategory } from '@healthfolio/core/sharing/share-rules';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api';
import { AccessLevelField, CategoriesField, ExpiryField } from './share-fields';
import { type ShareResponse, useUpdateShare } from './sharing-api';

const NO_CHANGE = 'keep';

/** Manage Permissions: categories, access level and (optionally) a new expiry, effective on the next request. */
export function PermissionsDialog({ share, onClose }: { share: ShareResponse; onClose: () => void }) {
  const update = useUpdateShare();
  const [categories, setCategories] = useState<ShareCategory[]>(share.categories);
  const [accessType, setAccessType] = useState<AccessLevel>(share.accessType);
  const [alertOnLow, setAlertOnLow] = useState(share.alertOnLow);
  const [expiry, setExpiry] = useState<number | null | typeof NO_CHANGE>(NO_CHANGE);
  const none = categories.length === 0;

  const save = () =>
    update.mutate(
      {
        id: share.id,
        body: { categories, accessType, alertOnLow, ...(expiry !== NO_CHANGE && { expiresInDays: expiry }) },
      },
      {
        onSuccess: () => {
          toast.success('Permissions updated');
          onClose();
        },
        onError: (e) =>
          toast.error('Failed to update permissions', { description: errorMessage(e, 'Please try again.') }),
      },
    );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Manage Permissions</DialogTitle>
          <DialogDescription>
            {share.sharedWithName ?? share.sharedWithEmail}: changes apply from their next page load.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-4">
          <CategoriesField
            value={categories}
            onChange={setCategories}
            error={none ? 'Select at least one data category' : undefined}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <AccessLevelField value={accessType} onChange={setAccessType} />
            <div className="flex flex-col gap-2">
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={expiry !== NO_CHANGE}
                  onChange={(e) => setExpiry(e.target.checked ? 30 : NO_CHANGE)}
                />
                Set a new expiry, counted from now
              </label>
              {expiry !== NO_CHANGE && <ExpiryField label="New expiry" value={expiry} onChange={setExpiry} />}
            </div>
          </div>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={alertOnLow}
              onChange={(e) => setAlertOnLow(e.target.checked)}
            />
            <span>Email them if my glucose stays low after a low-glucose alert</span>
          </label>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} disabled={none || update.isPending}>
            {update.isPending ? 'Saving…' : 'Save Permissions'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
