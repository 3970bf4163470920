import { fsaWarning } from '@healthfolio/core/insurance/analytics';
import { TriangleAlert } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { Open } from './dialog-state';
import type { InsuranceSettingsResponse } from './insurance-api';
import { formatDay, useInsuranceLocale } from './insurance-format';

/** Spec "hsaFsaBalance": what the user entered, with a warning before unused FSA money expires. */
export function BalancesCard({ settings, open }: { settings: InsuranceSettingsResponse; open: Open }) {
  const { money, today } = useInsuranceLocale();
  const warning = fsaWarning(settings, today);
  const entered = settings.hsaCents > 0 || settings.fsaCents > 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">HSA/FSA Balances</CardTitle>
        <CardDescription>As you entered them from your accounts</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        {entered ? (
          <dl className="grid grid-cols-2 gap-2">
            <dt className="text-muted-foreground">HSA</dt>
            <dd className="text-right font-semibold tabular-nums">{money(settings.hsaCents)}</dd>
            <dt className="text-muted-foreground">FSA</dt>
            <dd className="text-right font-semibold tabular-nums">{money(settings.fsaCents)}</dd>
            {settings.fsaExpiration && (
              <>
                <dt className="text-muted-foreground">FSA expires</dt>
                <dd className="text-right">{formatDay(settings.fsaExpiration)}</dd>
              </>
            )}
          </dl>
        ) : (
          <p className="text-muted-foreground">No balances entered yet.</p>
        )}
        {warning && settings.fsaExpiration && (
          <Alert role="status" className="flex gap-2 border-amber-500/60">
            <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
            <span>
              {warning === 'expiring'
                ? `Use your FSA balance of ${money(settings.fsaCents)} before ${formatDay(settings.fsaExpiration)}, or it may be lost.`
                : `Your FSA expiration date (${formatDay(settings.fsaExpiration)}) has passed. Update your balance.`}
            </span>
          </Alert>
        )}
        <Button variant="outline" className="self-start" onClick={() => open({ kind: 'balances' })}>
          {entered ? 'Update balances' : 'Enter balances'}
        </Button>
      </CardContent>
    </Card>
  );
}
