import type { BillCreateRequest } from '@healthfolio/core';
import { BILL_CATEGORIES, BILL_STATUSES } from '@healthfolio/core/insurance/insurance-options';
import { useAttachableDocuments } from './attachable-documents';
import { type BillResponse, useSaveBill } from './insurance-api';
import { capitalize, useInsuranceLocale } from './insurance-format';
import { type FieldSpec, RecordDialog } from './record-dialog';
import { centsForInput } from './record-form';

const fieldsFor = (documents: readonly { id: string; label: string }[]): FieldSpec[] => [
  { name: 'provider', label: 'Provider', required: true },
  {
    name: 'category',
    label: 'Category',
    kind: 'select',
    options: BILL_CATEGORIES.map((value) => ({ value, label: value })),
  },
  { name: 'amount', label: 'Amount', kind: 'money', required: true },
  { name: 'insuranceCovered', label: 'Insurance covered', kind: 'money' },
  { name: 'dueDate', label: 'Due date', kind: 'date', required: true },
  {
    name: 'status',
    label: 'Status',
    kind: 'select',
    options: BILL_STATUSES.map((value) => ({ value, label: capitalize(value) })),
    hint: 'Recording payments sets partial and paid for you.',
  },
  { name: 'description', label: 'Description', kind: 'textarea', wide: true },
  {
    name: 'receiptDocumentId',
    label: 'Receipt (from your documents)',
    kind: 'select',
    options: [{ value: '', label: 'None' }, ...documents.map((d) => ({ value: d.id, label: d.label }))],
    wide: true,
  },
];

export function BillDialog({ bill, onClose }: { bill?: BillResponse; onClose: () => void }) {
  const { locale } = useInsuranceLocale();
  const save = useSaveBill();
  const documents = useAttachableDocuments(bill?.receiptDocument ?? null);
  return (
    <RecordDialog<BillCreateRequest>
      title={bill ? 'Edit Bill' : 'Add Bill'}
      description="A bill from a provider: what it charges, what insurance covered and when it is due."
      fields={fieldsFor(documents.options)}
      defaults={{
        provider: bill?.provider ?? '',
        category: bill?.category ?? 'Doctor Visits',
        amount: bill ? centsForInput(bill.amountCents, locale) : '',
        insuranceCovered: bill ? centsForInput(bill.insuranceCoveredCents, locale) : '',
        dueDate: bill?.dueDate ?? '',
        status: bill?.status ?? 'pending',
        description: bill?.description ?? '',
        receiptDocumentId: bill?.receiptDocumentId ?? '',
      }}
      schema="BillCreateRequest"
      save={(body) => save.mutateAsync({ id: bill?.id, body })}
      savedToast={bill ? 'Bill updated' : 'Bill added'}
      failedToast={bill ? 'Could not update the bill' : 'Could not add the bill'}
      onClose={onClose}
    />
  );
}
