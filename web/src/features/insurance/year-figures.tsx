import type { ClaimsYearToDate, YearToDate } from '@healthfolio/core/insurance/analytics';
import { countOf } from '@healthfolio/core/text/count-words';
import { type ReactNode, useId } from 'react';
import { StatCard } from '@/components/ui/stat-card';

function Figures({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div>
        <h2 id={id} className="text-base font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{text}</p>
      </div>
      {children}
    </section>
  );
}

/** This year's totals from the bills (spec "yearToDateTotals"), saying plainly that bills are what they count. */
export function BillFigures({ ytd, money }: { ytd: YearToDate; money: (c: number) => string }) {
  return (
    <Figures
      title="Your bills this year"
      text="Every bill due this year. Insurance Paid is what your bills say insurance covered."
    >
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
        <StatCard title="Total Spent" value={money(ytd.totalSpentCents)} detail="Billed to you this year" />
        <StatCard
          title="Insurance Paid"
          value={money(ytd.insurancePaidCents)}
          detail="Covered on your bills"
        />
        <StatCard
          title="Out of Pocket"
          value={money(ytd.outOfPocketCents)}
          detail="Your bills less insurance"
        />
        <StatCard title="Prescriptions" value={money(ytd.prescriptionsCents)} detail="Bills this year" />
        <StatCard title="Preventive Care" value={money(ytd.preventiveCareCents)} detail="Bills this year" />
      </div>
    </Figures>
  );
}

/**
 * This year's claims, counted apart from the bills: a bill may be your share of a claim, and adding
 * the two would count that money twice.
 */
export function ClaimFigures({ totals, money }: { totals: ClaimsYearToDate; money: (c: number) => string }) {
  return (
    <Figures
      title="Your claims this year"
      text="Claims by service date, counted apart from your bills: a bill may be your share of a claim, so adding the two would count it twice."
    >
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          title="Claims Billed"
          value={money(totals.billedCents)}
          detail={`${countOf(totals.count, 'claim')} this year`}
        />
        <StatCard
          title="Covered by Your Plans"
          value={money(totals.coveredCents)}
          detail="On approved and paid claims"
        />
        <StatCard
          title="Your Share"
          value={money(totals.patientCents)}
          detail="On approved, paid and denied claims"
        />
        <StatCard
          title="Awaiting a Decision"
          value={money(totals.undecidedCents)}
          detail={`Billed on ${countOf(totals.undecidedCount, 'claim')} pending or processing`}
        />
      </div>
    </Figures>
  );
}
