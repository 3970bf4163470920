import type { ClaimCreateRequest } from '@healthfolio/core';
import { claimShares } from '@healthfolio/core/insurance/claim-amounts';
import { CLAIM_STATUSES } from '@healthfolio/core/insurance/insurance-options';
import { useAttachableDocuments } from './attachable-documents';
import { type ClaimResponse, type PlanResponse, useSaveClaim } from './insurance-api';
import { capitalize, useInsuranceLocale } from './insurance-format';
import { type FieldSpec, RecordDialog } from './record-dialog';
import { centsForInput } from './record-form';

type Choice = { id: string; label: string };

const fieldsFor = (
  plans: readonly PlanResponse[],
  documents: readonly Choice[],
  unnumbered: boolean,
): FieldSpec[] => [
  unnumbered
    ? {
        name: 'claimNumber',
        label: 'Claim number',
        hint: 'This claim came from an imported record without a number of its own; add one if you have it.',
      }
    : { name: 'claimNumber', label: 'Claim number', required: true },
  { name: 'provider', label: 'Provider', required: true },
  { name: 'serviceDate', label: 'Service date', kind: 'date', required: true },
  { name: 'submittedDate', label: 'Submitted date', kind: 'date', required: true },
  {
    name: 'status',
    label: 'Status',
    kind: 'select',
    options: CLAIM_STATUSES.map((value) => ({ value, label: capitalize(value) })),
  },
  {
    name: 'insurancePlanId',
    label: 'Insurance provider',
    kind: 'select',
    options: [{ value: '', label: 'Not specified' }, ...plans.map((p) => ({ value: p.id, label: p.name }))],
  },
  { name: 'amount', label: 'Amount', kind: 'money', required: true },
  { name: 'allowed', label: 'Allowed by the plan', kind: 'money' },
  { name: 'covered', label: 'Covered', kind: 'money' },
  { name: 'patientResponsibility', label: 'Patient responsibility', kind: 'money' },
  { name: 'description', label: 'Description', kind: 'textarea', wide: true },
  {
    name: 'eobDocumentId',
    label: 'EOB (from your documents)',
    kind: 'select',
    options: [{ value: '', label: 'None' }, ...documents.map((d) => ({ value: d.id, label: d.label }))],
    wide: true,
  },
];

export function ClaimDialog({
  claim,
  plans,
  onClose,
}: {
  claim?: ClaimResponse;
  plans: readonly PlanResponse[];
  onClose: () => void;
}) {
  const { locale, today } = useInsuranceLocale();
  const save = useSaveClaim();
  const documents = useAttachableDocuments(claim?.eobDocument ?? null);
  const money = (cents: number | null | undefined) =>
    cents === undefined || cents === null ? '' : centsForInput(cents, locale);
  // Amounts not known yet (a claim not decided, left blank) stay blank, not "0.00".
  const shares = claim ? claimShares(claim) : undefined;
  // An imported claim whose record gave it no number shows none; an edit keeps it unless one is typed.
  const unnumbered = claim?.claimNumber === null;
  return (
    <RecordDialog<ClaimCreateRequest>
      title={claim ? 'Edit Claim' : 'Add Claim'}
      description="What was billed to your insurance, what it covered and what is yours to pay."
      fields={fieldsFor(plans, documents.options, unnumbered)}
      defaults={{
        claimNumber: claim?.claimNumber ?? '',
        provider: claim?.provider ?? '',
        serviceDate: claim?.serviceDate ?? '',
        submittedDate: claim?.submittedDate ?? today,
        status: claim?.status ?? 'pending',
        insurancePlanId: claim?.insurancePlanId ?? plans.find((p) => p.status === 'active')?.id ?? '',
        amount: money(claim?.amountCents),
        allowed: money(claim?.allowedCents),
        covered: money(shares?.coveredCents),
        patientResponsibility: money(shares?.patientResponsibilityCents),
        description: claim?.description ?? '',
        eobDocumentId: claim?.eobDocumentId ?? '',
      }}
      schema={unnumbered ? 'ClaimUpdateRequest' : 'ClaimCreateRequest'}
      omitEmpty={unnumbered ? ['claimNumber'] : []}
      save={(body) => save.mutateAsync({ id: claim?.id, body })}
      savedToast={claim ? 'Claim updated' : 'Claim added'}
      failedToast={claim ? 'Could not update the claim' : 'Could not add the claim'}
      onClose={onClose}
    />
  );
}
