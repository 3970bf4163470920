import { Globe, Mail, Pencil, Phone, ShieldCheck, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { Open } from './dialog-state';
import { EmptyState } from './empty-state';
import type { PlanResponse } from './insurance-api';
import { capitalize, formatDay, useInsuranceLocale } from './insurance-format';
import { StatusBadge } from './status-badge';

export function ProvidersTab({ plans, open }: { plans: readonly PlanResponse[]; open: Open }) {
  if (plans.length === 0)
    return (
      <EmptyState
        icon={ShieldCheck}
        title="No insurance plans yet"
        text="Add your medical, dental or vision plan with its numbers, deductible and copays."
        action={<Button onClick={() => open({ kind: 'plan' })}>Add Insurance</Button>}
      />
    );
  return (
    <ul className="grid gap-4 lg:grid-cols-2">
      {plans.map((plan) => (
        <li key={plan.id}>
          <PlanCard plan={plan} open={open} />
        </li>
      ))}
    </ul>
  );
}

function PlanCard({ plan, open }: { plan: PlanResponse; open: Open }) {
  const { money } = useInsuranceLocale();
  const rows: [string, string][] = [
    ['Policy number', plan.policyNumber],
    ...(plan.groupNumber ? ([['Group number', plan.groupNumber]] as [string, string][]) : []),
    ['Member number', plan.memberNumber],
    ['Effective date', formatDay(plan.effectiveDate)],
    [
      'Deductible',
      plan.deductibleCents > 0
        ? `${money(plan.deductibleMetCents)} of ${money(plan.deductibleCents)} met`
        : 'No deductible entered',
    ],
    [
      'Out-of-pocket',
      plan.outOfPocketMaxCents > 0
        ? `${money(plan.outOfPocketMetCents)} of ${money(plan.outOfPocketMaxCents)} met`
        : 'No out-of-pocket maximum entered',
    ],
    [
      'Copays',
      `Primary ${money(plan.copayPrimaryCents)} · Specialist ${money(plan.copaySpecialistCents)} · Emergency ${money(plan.copayEmergencyCents)}`,
    ],
  ];
  return (
    <Card className="h-full">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
        <div className="flex flex-col gap-1">
          <CardTitle className="text-base">{plan.name}</CardTitle>
          <CardDescription>{capitalize(plan.type)} plan</CardDescription>
        </div>
        <StatusBadge status={plan.status} />
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="flex flex-col gap-1">
          <a
            className="flex items-center gap-2 text-primary underline-offset-4 hover:underline"
            href={`tel:${plan.contactPhone}`}
          >
            <Phone className="size-4" aria-hidden="true" /> {plan.contactPhone}
          </a>
          {plan.contactEmail && (
            <a
              className="flex items-center gap-2 text-primary underline-offset-4 hover:underline"
              href={`mailto:${plan.contactEmail}`}
            >
              <Mail className="size-4" aria-hidden="true" /> {plan.contactEmail}
            </a>
          )}
          {plan.contactWebsite && (
            <a
              className="flex items-center gap-2 text-primary underline-offset-4 hover:underline"
              href={plan.contactWebsite}
              target="_blank"
              rel="noopener noreferrer"
            >
              <Globe className="size-4" aria-hidden="true" /> Website
            </a>
          )}
        </div>
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="outline"
            onClick={() => open({ kind: 'plan', plan })}
            aria-label={`Edit ${plan.name}`}
          >
            <Pencil aria-hidden="true" /> Edit
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => open({ kind: 'removePlan', plan })}
            aria-label={`Remove ${plan.name}`}
          >
            <Trash2 aria-hidden="true" /> Remove
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
