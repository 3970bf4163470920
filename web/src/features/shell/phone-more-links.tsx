import { Link } from 'react-router';
import { DIABETES_TOOLS, type NavItem, SECONDARY_LINKS } from './nav-items';

/**
 * A phone has no sidebar: its home lists the secondary areas (and, in diabetes mode, the tools) so
 * notes, alerts, appointments and the rest are a tap away rather than only a typed address.
 */
export function PhoneMoreLinks({ diabetes }: { diabetes: boolean }) {
  const items: NavItem[] = diabetes ? [...DIABETES_TOOLS, ...SECONDARY_LINKS] : SECONDARY_LINKS;
  return (
    <nav aria-labelledby="phone-more-heading" className="mt-8">
      <h2 id="phone-more-heading" className="mb-3 text-base font-semibold">
        More
      </h2>
      <ul className="grid grid-cols-2 gap-2">
        {items.map(({ to, label, diabetesLabel, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex min-h-12 items-center gap-2 rounded-lg border bg-card px-3 py-2 text-sm font-medium hover:bg-muted"
            >
              <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              {diabetes && diabetesLabel ? diabetesLabel : label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
