import { ArrowLeft } from 'lucide-react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ChatLauncher } from '@/features/ai/chat-launcher';
import {
  ActingBandSlot,
  hasWards,
  PersonSwitcherSlot,
  screenKey,
} from '@/features/household/household-shell';
import { LazyPendingEntries } from '@/features/offline/lazy-pending-entries';
import { cn } from '@/lib/utils';
import { AccountMenu } from './account-menu';
import { ADMIN_TAB, MAIN_TABS } from './nav-items';
import { MAIN_ID, SkipLink } from './skip-link';
import type { DashboardContext } from './use-dashboard-context';

type Props = { context: DashboardContext; title: string; parent?: string };

export function MobileLayout({ context, title, parent }: Props) {
  const navigate = useNavigate();
  const tabs = context.roles.isAdmin ? [...MAIN_TABS, ADMIN_TAB] : MAIN_TABS;
  return (
    <div className="mobile-shell flex min-h-screen flex-col bg-background">
      <SkipLink />
      <header className="sticky top-0 z-40 border-b bg-card/95 backdrop-blur">
        <ActingBandSlot view={context.acting} />
        <div className="flex min-h-14 items-center gap-2 px-2 py-1">
          {parent ? (
            <Button variant="ghost" size="icon" aria-label="Back" onClick={() => navigate(parent)}>
              <ArrowLeft aria-hidden="true" />
            </Button>
          ) : (
            <span className="w-2" />
          )}
          {/* A long title wraps between words rather than losing its end: it is never narrower than
              its longest word (the person switcher gives way), up to the room the back button, the
              switcher's avatar and the menu leave; only a word longer than that breaks. */}
          <h1
            className={cn(
              'flex-1 text-lg leading-tight font-semibold text-balance wrap-break-word',
              hasWards(context.acting) ? 'max-w-[calc(100%-11.25rem)]' : 'max-w-[calc(100%-6rem)]',
            )}
          >
            {title}
          </h1>
          <PersonSwitcherSlot view={context.acting} compact />
          <AccountMenu
            email={context.user.email}
            displayName={
              context.acting?.ward ? context.acting.account.displayName : context.profile.displayName
            }
          />
        </div>
      </header>
      {/* Room below the content for the tab bar (4rem) and the chat button above it (3.5rem + gaps),
          so the last of a page can be scrolled clear of both. */}
      <main id={MAIN_ID} tabIndex={-1} className="flex-1 px-4 pt-4 pb-40 focus:outline-none">
        <LazyPendingEntries />
        <Outlet context={context} key={screenKey(context.acting)} />
      </main>
      <ChatLauncher mobile acting={context.acting} />
      <nav
        aria-label="Main"
        className="fixed inset-x-0 bottom-0 z-40 border-t bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
      >
        <ul className="flex">
          {tabs.map(({ to, short, icon: Icon }) => (
            <li key={to} className="flex-1">
              <NavLink
                to={to}
                end
                className={({ isActive }) =>
                  cn(
                    'flex h-16 flex-col items-center justify-center gap-1 text-xs font-medium',
                    isActive ? 'text-primary' : 'text-muted-foreground',
                  )
                }
              >
                {({ isActive }) => (
                  <>
                    <Icon className="size-5" aria-hidden="true" strokeWidth={isActive ? 2.5 : 2} />
                    <span className={cn(isActive && 'underline underline-offset-4')}>{short}</span>
                  </>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
