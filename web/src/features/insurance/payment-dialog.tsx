import type { PaymentCreateRequest } from '@healthfolio/core';
import { useState } from 'react';
import { Segmented } from '@/components/ui/segmented';
import { type BillResponse, useRecordPayment } from './insurance-api';
import { useInsuranceLocale } from './insurance-format';
import { paymentProblem } from './insurance-words';
import { type FieldSpec, RecordDialog } from './record-dialog';
import { centsForInput } from './record-form';

const FIELDS: FieldSpec[] = [
  { name: 'amount', label: 'Payment amount', kind: 'money', required: true },
  { name: 'paidOn', label: 'Paid on', kind: 'date', required: true },
  { name: 'note', label: 'Note', hint: 'e.g. card, HSA card, check number', wide: true },
];

type Kind = 'full' | 'partial';

/**
 * Record a payment on a bill, in full or in part (the spec's "Payment Process"); a bill paid in full
 * becomes paid. A payment above what is outstanding is refused in the form, in the user's currency.
 */
export function PaymentDialog({ bill, onClose }: { bill: BillResponse; onClose: () => void }) {
  const { money, locale, today } = useInsuranceLocale();
  const pay = useRecordPayment();
  const [kind, setKind] = useState<Kind>('full');
  const full = centsForInput(bill.outstandingCents, locale);
  return (
    <RecordDialog<PaymentCreateRequest>
      title="Record a payment"
      description={`${bill.provider}: ${money(bill.outstandingCents)} outstanding.`}
      fields={FIELDS}
      defaults={{ amount: full, paidOn: today, note: '' }}
      schema="PaymentCreateRequest"
      check={(body) => {
        const message = paymentProblem(String(body.amount), bill.outstandingCents, money);
        return message ? { path: 'amount', message } : null;
      }}
      save={(body) => pay.mutateAsync({ id: bill.id, body })}
      savedToast="Payment recorded"
      failedToast="Could not record the payment"
      submitLabel="Record Payment"
      onClose={onClose}
    >
      {(form) => (
        <Segmented<Kind>
          label="How much are you paying?"
          options={[
            { value: 'full', label: 'Pay in full' },
            { value: 'partial', label: 'Partial payment' },
          ]}
          value={kind}
          onChange={(next) => {
            setKind(next);
            form.setValue('amount', next === 'full' ? full : '');
            if (next === 'partial') form.setFocus('amount');
          }}
        />
      )}
    </RecordDialog>
  );
}
