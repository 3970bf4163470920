import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/** The arrow link back to a screen's parent. */
export function BackLink({
  to = '/dashboard',
  label = 'Back to dashboard',
}: {
  to?: string;
  label?: string;
}) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-2 self-start rounded-md text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {label}
    </Link>
  );
}
