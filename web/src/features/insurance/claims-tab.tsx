import { claimShares } from '@healthfolio/core/insurance/claim-amounts';
import { CLAIM_SORT_KEYS, CLAIM_STATUSES } from '@healthfolio/core/insurance/insurance-options';
import { FileText, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import type { Open } from './dialog-state';
import { EmptyState } from './empty-state';
import type { ClaimResponse } from './insurance-api';
import { capitalize, formatDay, useInsuranceLocale } from './insurance-format';
import { claimAmount } from './insurance-words';
import { StatusBadge } from './status-badge';

type Filter = 'all' | (typeof CLAIM_STATUSES)[number];
type Sort = (typeof CLAIM_SORT_KEYS)[number];

const SORT_LABELS: Record<Sort, string> = {
  serviceDate: 'Service date',
  submittedDate: 'Submitted date',
  amount: 'Amount',
  status: 'Status',
};

/** Spec §9 sort keys: dates newest first, amount largest first, status in the spec's order. */
const compare: Record<Sort, (a: ClaimResponse, b: ClaimResponse) => number> = {
  serviceDate: (a, b) => b.serviceDate.localeCompare(a.serviceDate),
  submittedDate: (a, b) => b.submittedDate.localeCompare(a.submittedDate),
  amount: (a, b) => b.amountCents - a.amountCents,
  status: (a, b) => CLAIM_STATUSES.indexOf(a.status) - CLAIM_STATUSES.indexOf(b.status),
};

export function ClaimsTab({ claims, open }: { claims: readonly ClaimResponse[]; open: Open }) {
  const { money } = useInsuranceLocale();
  const [filter, setFilter] = useState<Filter>('all');
  const [sort, setSort] = useState<Sort>('serviceDate');
  const filterId = useId();
  const sortId = useId();
  if (claims.length === 0)
    return (
      <EmptyState
        icon={FileText}
        title="No claims yet"
        text="Add a claim to follow it from submission to payment: what was billed, what insurance covered and what is yours."
        action={<Button onClick={() => open({ kind: 'claim' })}>Add Claim</Button>}
      />
    );
  const shown = claims.filter((c) => filter === 'all' || c.status === filter).sort(compare[sort]);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <Label htmlFor={filterId}>Status</Label>
          <Select id={filterId} value={filter} onChange={(e) => setFilter(e.target.value as Filter)}>
            <option value="all">All</option>
            {CLAIM_STATUSES.map((s) => (
              <option key={s} value={s}>
                {capitalize(s)}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor={sortId}>Sort by</Label>
          <Select id={sortId} value={sort} onChange={(e) => setSort(e.target.value as Sort)}>
            {CLAIM_SORT_KEYS.map((k) => (
              <option key={k} value={k}>
                {SORT_LABELS[k]}
              </option>
            ))}
          </Select>
        </div>
        <Button className="ml-auto" onClick={() => open({ kind: 'claim' })}>
          <Plus aria-hidden="true" /> Add Claim
        </Button>
      </div>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {shown.length} of {claims.length} {claims.length === 1 ? 'claim' : 'claims'}
      </p>
      {shown.length === 0 ? (
        <p className="text-sm text-muted-foreground">No {filter} claims.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {shown.map((claim) => (
            <li key={claim.id}>
              <Card>
                <CardContent className="flex flex-col gap-3 pt-6 sm:flex-row sm:items-center sm:justify-between">
                  <div className="flex min-w-0 flex-col gap-1">
                    <p className="flex flex-wrap items-center gap-2 font-medium">
                      {claim.provider} <StatusBadge status={claim.status} />
                    </p>
                    <p className="text-sm text-muted-foreground">
                      {claim.claimNumber === null ? 'Service' : `Claim ${claim.claimNumber} · service`}{' '}
                      {formatDay(claim.serviceDate)} · submitted {formatDay(claim.submittedDate)}
                    </p>
                    <ClaimFigures claim={claim} money={money} />
                  </div>
                  <Button variant="outline" size="sm" onClick={() => open({ kind: 'claimDetails', claim })}>
                    View Claim Details
                  </Button>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** "$450.00 billed · covered not yet known · yours not yet known" while the plan has not decided. */
function ClaimFigures({ claim, money }: { claim: ClaimResponse; money: (c: number) => string }) {
  const shares = claimShares(claim);
  const part = (cents: number | null, what: string) =>
    cents === null ? `${what} ${claimAmount(null, money)}` : `${money(cents)} ${what}`;
  return (
    <p className="text-sm tabular-nums">
      {money(claim.amountCents)} billed · {part(shares.coveredCents, 'covered')} ·{' '}
      {part(shares.patientResponsibilityCents, 'yours')}
    </p>
  );
}
