import { SETTING_CATEGORIES, type SettingCategory } from '@healthfolio/core';
import { Bell, HardDrive, RotateCcw, Settings2, ShieldCheck, Users } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { PageSpinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { useResetSettings, useSettings } from './admin-api';
import { SettingCard } from './setting-card';

const CATEGORY: Record<SettingCategory, { label: string; Icon: typeof Bell }> = {
  security: { label: 'Security', Icon: ShieldCheck },
  storage: { label: 'Storage', Icon: HardDrive },
  notifications: { label: 'Notifications', Icon: Bell },
  user_management: { label: 'User management', Icon: Users },
  other: { label: 'Other', Icon: Settings2 },
};

export function SettingsTab() {
  const settings = useSettings();
  const reset = useResetSettings();
  const [confirming, setConfirming] = useState(false);
  if (settings.isPending) return <PageSpinner label="Loading settings" />;
  if (settings.isLoadingError)
    return (
      <ErrorState
        title="Failed to load platform settings"
        message={errorMessage(settings.error, '')}
        onRetry={() => settings.refetch()}
      />
    );
  // A save or reset replaces the cards, so each starts from what the server now holds.
  const version = settings.dataUpdatedAt;
  return (
    <div className="flex flex-col gap-4">
      <Button variant="outline" className="self-end" onClick={() => setConfirming(true)}>
        <RotateCcw aria-hidden="true" />
        Reset to Defaults
      </Button>
      <div className="grid gap-4 lg:grid-cols-2">
        {SETTING_CATEGORIES.map((category) => {
          const items = settings.data.items.filter((s) => s.category === category);
          if (!items.length) return null;
          const { label, Icon } = CATEGORY[category];
          return (
            <Card key={category}>
              <CardHeader>
                <CardTitle className="flex items-center gap-2">
                  <Icon className="size-5 text-primary" aria-hidden="true" />
                  {label}
                </CardTitle>
              </CardHeader>
              <CardContent className="flex flex-col gap-3">
                {items.map((s) => (
                  <SettingCard key={`${s.key}-${version}`} setting={s} />
                ))}
              </CardContent>
            </Card>
          );
        })}
      </div>
      {confirming && (
        <ConfirmDialog
          title="Reset every setting to its default?"
          description="Maintenance mode turns off, registration opens, and the file size, session timeout and email settings return to their documented defaults."
          confirmLabel="Reset to Defaults"
          keepLabel="Cancel"
          pending={reset.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            reset.mutate(undefined, {
              onSuccess: () => {
                toast.success('Setting updated', { description: 'Every setting is back to its default.' });
                setConfirming(false);
              },
              onError: (e) => toast.error('Failed to update setting', { description: errorMessage(e, '') }),
            })
          }
        />
      )}
    </div>
  );
}
