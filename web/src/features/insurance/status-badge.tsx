import { CircleAlert, CircleCheck, CircleDashed, CircleX, Clock, Loader } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { capitalize } from './insurance-format';

const ICONS = {
  paid: CircleCheck,
  approved: CircleCheck,
  active: CircleCheck,
  denied: CircleX,
  overdue: CircleAlert,
  inactive: CircleX,
  processing: Loader,
  partial: CircleDashed,
  pending: Clock,
} as const;

const VARIANT: Record<string, 'default' | 'secondary' | 'destructive' | 'outline'> = {
  paid: 'default',
  approved: 'default',
  active: 'default',
  denied: 'destructive',
  overdue: 'destructive',
};

/** A status as an icon and a word, never colour alone. */
export function StatusBadge({ status }: { status: string }) {
  const Icon = ICONS[status as keyof typeof ICONS] ?? Clock;
  return (
    <Badge variant={VARIANT[status] ?? 'secondary'} className="gap-1">
      <Icon className="size-3" aria-hidden="true" />
      {capitalize(status)}
    </Badge>
  );
}
