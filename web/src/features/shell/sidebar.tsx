import { NavLink } from 'react-router';
import { cn } from '@/lib/utils';
import { ADMIN_LINK, DIABETES_TOOLS, type NavItem, SECONDARY_LINKS } from './nav-items';

function LinkList({
  items,
  diabetes,
  labelledBy,
}: {
  items: NavItem[];
  diabetes: boolean;
  labelledBy?: string;
}) {
  return (
    <ul aria-labelledby={labelledBy} className="flex flex-col gap-0.5">
      {items.map(({ to, label, diabetesLabel, icon: Icon }) => (
        <li key={to}>
          <NavLink
            to={to}
            className={({ isActive }) =>
              cn(
                'flex items-center gap-3 rounded-md px-3 py-2 text-sm',
                isActive
                  ? 'bg-secondary font-medium text-secondary-foreground'
                  : 'text-muted-foreground hover:bg-muted hover:text-foreground',
              )
            }
          >
            <Icon className="size-4" aria-hidden="true" />
            {diabetes && diabetesLabel ? diabetesLabel : label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function Sidebar({ diabetes, isAdmin }: { diabetes: boolean; isAdmin: boolean }) {
  return (
    <aside className="w-56 shrink-0">
      <nav aria-label="Secondary" className="sticky top-6 flex flex-col gap-6">
        <LinkList items={SECONDARY_LINKS} diabetes={diabetes} />
        {diabetes && (
          <div>
            <p
              id="diabetes-tools-heading"
              className="mb-2 px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
            >
              Diabetes tools
            </p>
            <LinkList items={DIABETES_TOOLS} diabetes={diabetes} labelledBy="diabetes-tools-heading" />
          </div>
        )}
        {isAdmin && <LinkList items={[ADMIN_LINK]} diabetes={diabetes} />}
      </nav>
    </aside>
  );
}
