import type { NotificationTab, UnreadCountsResponse } from '@healthfolio/core';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

export const ALERT_TABS: { value: NotificationTab; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'notes', label: 'Notes' },
  { value: 'actions', label: 'Actions' },
  { value: 'reminders', label: 'Reminders' },
];

type Props = {
  value: NotificationTab;
  onValueChange: (tab: NotificationTab) => void;
  /** Unread items per tab; no badges while unknown. */
  counts?: UnreadCountsResponse;
  /** The active tab's list (inactive panels are not mounted). */
  children: ReactNode;
};

/**
 * The four tabs of the compact alerts view, each with its unread count. The count is a badge to the
 * eye and part of the tab's name to a screen reader ("Notes, 2 unread").
 */
export function AlertTabs({ value, onValueChange, counts, children }: Props) {
  return (
    <Tabs value={value} onValueChange={(v) => onValueChange(v as NotificationTab)}>
      <TabsList aria-label="Alert types" className="grid h-auto w-full grid-cols-4 gap-1">
        {ALERT_TABS.map((t) => {
          const unread = counts?.[t.value] ?? 0;
          return (
            <TabsTrigger
              key={t.value}
              value={t.value}
              aria-label={unread > 0 ? `${t.label}, ${unread} unread` : undefined}
              className="min-w-0 flex-col gap-0.5 px-1 text-xs sm:flex-row sm:gap-1.5 sm:px-3 sm:text-sm"
            >
              {t.label}
              {unread > 0 && (
                <Badge aria-hidden="true" className="min-w-5 justify-center px-1.5 py-0 text-[0.7rem]">
                  {unread > 99 ? '99+' : unread}
                </Badge>
              )}
            </TabsTrigger>
          );
        })}
      </TabsList>
      {ALERT_TABS.map((t) => (
        <TabsContent key={t.value} value={t.value}>
          {/* The cards' titles are h3s; this keeps the outline whole under the page's h1. */}
          <h2 className="sr-only">{t.label}</h2>
          {children}
        </TabsContent>
      ))}
    </Tabs>
  );
}
