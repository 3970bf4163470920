import type { Coverage } from '@medplum/fhirtypes';
import type { ExportContext } from './context';

export interface PlanRow {
  id: string;
  name: string;
  type: string;
  status: string;
  policyNumber: string;
  groupNumber: string | null;
  memberNumber: string;
  effectiveDate: string;
}

const STATUS = { active: 'active', inactive: 'cancelled', pending: 'draft' } as const;
const ORDER: Record<string, number> = { primary: 1, secondary: 2 };

/** An insurance plan: the payer by name, member and policy numbers, the group as a class. */
export const coverageResource = (p: PlanRow, ctx: ExportContext): Coverage & { id: string } => ({
  resourceType: 'Coverage',
  id: p.id,
  status: STATUS[p.status as keyof typeof STATUS] ?? 'active',
  identifier: [{ type: { text: 'Policy number' }, value: p.policyNumber }],
  type: { text: p.type },
  beneficiary: ctx.patient,
  subscriberId: p.memberNumber,
  period: { start: p.effectiveDate },
  payor: [{ display: p.name }],
  ...(ORDER[p.type] ? { order: ORDER[p.type] } : {}),
  ...(p.groupNumber
    ? {
        class: [
          {
            type: {
              coding: [{ system: 'http://terminology.hl7.org/CodeSystem/coverage-class', code: 'group' }],
            },
            value: p.groupNumber,
          },
        ],
      }
    : {}),
});
