import type { PlanCreateRequest } from '@healthfolio/core';
import { PLAN_STATUSES, PLAN_TYPES } from '@healthfolio/core/insurance/insurance-options';
import { type PlanResponse, useSavePlan } from './insurance-api';
import { capitalize, useInsuranceLocale } from './insurance-format';
import { type FieldSpec, RecordDialog } from './record-dialog';
import { centsForInput } from './record-form';

const options = (values: readonly string[]) => values.map((value) => ({ value, label: capitalize(value) }));

/** Spec §3 "Insurance provider", in its order. */
const FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Plan name', required: true },
  { name: 'type', label: 'Type', kind: 'select', options: options(PLAN_TYPES) },
  { name: 'status', label: 'Status', kind: 'select', options: options(PLAN_STATUSES) },
  { name: 'effectiveDate', label: 'Effective date', kind: 'date', required: true },
  { name: 'policyNumber', label: 'Policy number', required: true },
  { name: 'groupNumber', label: 'Group number' },
  { name: 'memberNumber', label: 'Member number', required: true },
  { name: 'contactPhone', label: 'Contact phone', kind: 'tel', required: true },
  { name: 'deductible', label: 'Deductible', kind: 'money' },
  { name: 'deductibleMet', label: 'Deductible met', kind: 'money' },
  { name: 'outOfPocketMax', label: 'Out-of-pocket maximum', kind: 'money' },
  { name: 'outOfPocketMet', label: 'Out-of-pocket met', kind: 'money' },
  { name: 'copayPrimary', label: 'Primary care copay', kind: 'money' },
  { name: 'copaySpecialist', label: 'Specialist copay', kind: 'money' },
  { name: 'copayEmergency', label: 'Emergency copay', kind: 'money' },
  { name: 'contactEmail', label: 'Contact email', kind: 'email' },
  { name: 'contactWebsite', label: 'Website', kind: 'url', hint: 'https://…', wide: true },
];

const MONEY = {
  deductible: 'deductibleCents',
  deductibleMet: 'deductibleMetCents',
  outOfPocketMax: 'outOfPocketMaxCents',
  outOfPocketMet: 'outOfPocketMetCents',
  copayPrimary: 'copayPrimaryCents',
  copaySpecialist: 'copaySpecialistCents',
  copayEmergency: 'copayEmergencyCents',
} as const;

/** "Add Insurance", or the same form to edit a plan ("Edit Provider"). */
export function PlanDialog({
  plan,
  plans,
  onClose,
}: {
  plan?: PlanResponse;
  plans: readonly PlanResponse[];
  onClose: () => void;
}) {
  const { locale } = useInsuranceLocale();
  const save = useSavePlan();
  // A new plan starts as secondary when an active primary exists (only one is allowed).
  const hasPrimary = plans.some((p) => p.type === 'primary' && p.status === 'active');
  const defaults: Record<string, string> = {
    name: plan?.name ?? '',
    type: plan?.type ?? (hasPrimary ? 'secondary' : 'primary'),
    status: plan?.status ?? 'active',
    effectiveDate: plan?.effectiveDate ?? '',
    policyNumber: plan?.policyNumber ?? '',
    groupNumber: plan?.groupNumber ?? '',
    memberNumber: plan?.memberNumber ?? '',
    contactPhone: plan?.contactPhone ?? '',
    contactEmail: plan?.contactEmail ?? '',
    contactWebsite: plan?.contactWebsite ?? '',
  };
  for (const [field, key] of Object.entries(MONEY))
    defaults[field] = plan ? centsForInput(plan[key], locale) : '';
  return (
    <RecordDialog<PlanCreateRequest>
      title={plan ? 'Edit Provider' : 'Add Insurance'}
      description="Your plan's numbers, costs and contact details. Only one active primary plan at a time."
      fields={FIELDS}
      defaults={defaults}
      schema="PlanCreateRequest"
      save={(body) => save.mutateAsync({ id: plan?.id, body })}
      savedToast={plan ? 'Provider updated' : 'Insurance added'}
      failedToast={plan ? 'Could not update the provider' : 'Could not add the insurance'}
      onClose={onClose}
    />
  );
}
