import { useQueryClient } from '@tanstack/react-query';
import { Check, Users } from 'lucide-react';
import { DropdownMenu as Menu } from 'radix-ui';
import { useNavigate } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { ActingView } from './household-shell';
import { actAs } from './household-shell';
import { PersonAvatar } from './person-avatar';
import { PersonButton } from './person-switcher';

/** The switcher's menu (Radix), loaded on first use; see person-switcher.tsx. */
export function PersonSwitcherMenu({ view, compact }: { view: ActingView; compact?: boolean }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const choose = (id: string) => actAs(client, id === view.account.id ? null : id);
  return (
    <DropdownMenu modal={false} defaultOpen>
      <DropdownMenuTrigger asChild>
        <PersonButton view={view} compact={compact} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" portal={false}>
        <DropdownMenuLabel className="text-muted-foreground">Whose record to show</DropdownMenuLabel>
        <Menu.RadioGroup value={view.person.id} onValueChange={choose}>
          {view.people.map((p) => (
            <Menu.RadioItem
              key={p.id}
              value={p.id}
              className="relative flex cursor-default items-center gap-2 rounded-sm px-2 py-2 text-sm outline-none select-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground"
            >
              <PersonAvatar initials={p.initials} ward={p.relation === 'ward'} />
              <span className="flex-1">
                {p.displayName}
                {p.relation === 'self' && <span className="text-muted-foreground"> (you)</span>}
              </span>
              <Menu.ItemIndicator>
                <Check aria-hidden="true" className="size-4" />
              </Menu.ItemIndicator>
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/dashboard/settings#household')}>
          <Users aria-hidden="true" />
          Manage household
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
