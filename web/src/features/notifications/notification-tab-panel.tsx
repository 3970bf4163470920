import type { NotificationTab } from '@healthfolio/core';

// Scaffold: replaced by the tab's real list before this lands.
export function NotificationTabPanel({ tab }: { tab: NotificationTab }) {
  return <p className="text-sm text-muted-foreground">Nothing in {tab} yet.</p>;
}
