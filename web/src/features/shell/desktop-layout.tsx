import { Settings } from 'lucide-react';
import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ChatLauncher } from '@/features/ai/chat-launcher';
import { ActingBandSlot, PersonSwitcherSlot, screenKey } from '@/features/household/household-shell';
import { NotificationsBell } from '@/features/notifications/notifications-bell';
import { LazyPendingEntries } from '@/features/offline/lazy-pending-entries';
import { cn } from '@/lib/utils';
import { AccountMenu } from './account-menu';
import { brandFor } from './brand';
import { ADMIN_TAB, MAIN_TABS } from './nav-items';
import { PlatformModeSwitch } from './platform-mode-switch';
import { Sidebar } from './sidebar';
import { MAIN_ID, SkipLink } from './skip-link';
import type { DashboardContext } from './use-dashboard-context';

type Props = { context: DashboardContext; title: string; parent?: string };

export function DesktopLayout({ context, title }: Props) {
  const navigate = useNavigate();
  const brand = brandFor(context.diabetes);
  const tabs = context.roles.isAdmin ? [...MAIN_TABS, ADMIN_TAB] : MAIN_TABS;
  return (
    <div className="min-h-screen bg-background">
      <SkipLink />
      <ActingBandSlot view={context.acting} />
      <header className="border-b bg-card">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-6">
          <Link to="/" className="mr-auto flex flex-col rounded-md leading-tight">
            <span className="text-lg font-bold text-primary">{brand.title}</span>
            <span className="text-xs text-muted-foreground">{brand.subtitle}</span>
          </Link>
          <PersonSwitcherSlot view={context.acting} />
          <PlatformModeSwitch current={context.profile.userType ?? 'general_health'} />
          <NotificationsBell onClick={() => navigate('/dashboard/notifications')} />
          <Button
            variant="ghost"
            size="icon"
            aria-label="Settings"
            onClick={() => navigate('/dashboard/settings')}
          >
            <Settings aria-hidden="true" />
          </Button>
          <AccountMenu
            email={context.user.email}
            displayName={
              context.acting?.ward ? context.acting.account.displayName : context.profile.displayName
            }
          />
        </div>
        <nav aria-label="Main" className="mx-auto max-w-7xl px-6">
          <ul className="flex gap-1">
            {tabs.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium',
                      isActive
                        ? 'border-primary text-foreground'
                        : 'border-transparent text-muted-foreground hover:text-foreground',
                    )
                  }
                >
                  <Icon className="size-4" aria-hidden="true" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <div className="mx-auto flex max-w-7xl gap-8 px-6 py-6">
        <Sidebar diabetes={context.diabetes} isAdmin={context.roles.isAdmin} />
        {/* Room below the last card, so the assistant's button never covers its bottom corner. */}
        <main id={MAIN_ID} tabIndex={-1} className="min-w-0 flex-1 pb-20 focus:outline-none">
          <h1 className="mb-6 text-2xl font-semibold tracking-tight">{title}</h1>
          <LazyPendingEntries />
          {/* A screen of one person never lives on as another's: switching mounts it afresh. */}
          <Outlet context={context} key={screenKey(context.acting)} />
        </main>
      </div>
      <ChatLauncher mobile={false} acting={context.acting} />
    </div>
  );
}
