import type { InsuranceSettingsRequest } from '@healthfolio/core';
import { CURRENCIES } from '@healthfolio/core/insurance/money';
import { type InsuranceSettingsResponse, useSaveSettings } from './insurance-api';
import { useInsuranceLocale } from './insurance-format';
import { type FieldSpec, RecordDialog } from './record-dialog';
import { centsForInput } from './record-form';

const FIELDS: FieldSpec[] = [
  {
    name: 'currency',
    label: 'Currency',
    kind: 'select',
    options: CURRENCIES.map((c) => ({ value: c, label: c })),
    wide: true,
  },
  { name: 'hsaBalance', label: 'HSA balance', kind: 'money' },
  { name: 'fsaBalance', label: 'FSA balance', kind: 'money' },
  {
    name: 'fsaExpiration',
    label: 'FSA expiration date',
    kind: 'date',
    hint: 'When unused FSA money is lost',
  },
];

/** The HSA and FSA balances the user reads from their account (and the currency of every amount). */
export function BalancesDialog({
  settings,
  onClose,
}: {
  settings: InsuranceSettingsResponse;
  onClose: () => void;
}) {
  const { locale } = useInsuranceLocale();
  const save = useSaveSettings();
  return (
    <RecordDialog<InsuranceSettingsRequest>
      title="HSA/FSA Balances"
      description="Enter the balances from your HSA and FSA accounts; Healthfolio does not connect to them."
      fields={FIELDS}
      defaults={{
        currency: settings.currency,
        hsaBalance: centsForInput(settings.hsaCents, locale),
        fsaBalance: centsForInput(settings.fsaCents, locale),
        fsaExpiration: settings.fsaExpiration ?? '',
      }}
      schema="InsuranceSettingsRequest"
      save={(body) => save.mutateAsync(body)}
      savedToast="Balances saved"
      failedToast="Could not save the balances"
      onClose={onClose}
    />
  );
}
