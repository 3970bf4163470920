import type { Bundle, MedicationStatement, Observation, Resource } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_URL, type TestClient, type TestServer } from '../../../test/harness';
import { CODES } from './fhir/codes';
import { CGM_READINGS, exportFor, seedExportRecord } from './record-export.seed';

let server: TestServer;
let alice: TestClient;
let aliceId: string;
let ids: Record<string, string>;
let takenDue: string;

beforeAll(async () => {
  ({ server, alice, aliceId, ids, takenDue } = await seedExportRecord());
}, 120_000);
afterAll(() => server.close());

let bundle: Bundle;
beforeAll(async () => {
  const { id } = await exportFor(server, alice);
  bundle = JSON.parse(await (await alice.get(`/api/v1/export/record/${id}/file`)).text());
}, 120_000);

describe('Export my record', () => {
  it('codes each kind with LOINC and UCUM, with the row ids as stable resource ids', () => {
    const resources = bundle.entry!.map((e) => e.resource as Resource & { id: string });
    for (const e of bundle.entry!) expect(e.fullUrl).toBe(`urn:uuid:${e.resource!.id}`);
    const byId = new Map(resources.map((r) => [r.id, r]));
    const obs = (id: string) => byId.get(id) as Observation;
    const code = (o: Observation) => o.code.coding?.[0]?.code;

    expect(byId.get(aliceId)).toMatchObject({ resourceType: 'Patient', name: [{ text: 'Alice Export' }] });
    // A fingerstick in the person's unit (mmol/L): 15074-8; sensor readings 99504-3 in mg/dL.
    expect(code(obs(ids.glucose!))).toBe(CODES.glucoseMolesBlood.code);
    expect(obs(ids.glucose!).valueQuantity).toMatchObject({
      unit: 'mmol/L',
      system: 'http://unitsofmeasure.org',
    });
    expect(obs(ids.glucose!).valueQuantity!.value).toBeCloseTo(99 / 18.0156, 6);
    const cgm = resources.filter(
      (r) => r.resourceType === 'Observation' && code(r as Observation) === '99504-3',
    );
    expect(cgm).toHaveLength(CGM_READINGS);
    expect((cgm[0] as Observation).method?.text).toBe('Imported (libreview)');
    expect((cgm[0] as Observation).valueQuantity).toMatchObject({ code: 'mg/dL' });

    const bp = obs(ids.bp!);
    expect(code(bp)).toBe('85354-9');
    expect(
      bp.component?.map((c) => [c.code.coding?.[0]?.code, c.valueQuantity?.value, c.valueQuantity?.code]),
    ).toEqual([
      ['8480-6', 128, 'mm[Hg]'],
      ['8462-4', 82, 'mm[Hg]'],
    ]);
    expect(code(obs(ids.weight!))).toBe('29463-7');
    expect(obs(ids.weight!).valueQuantity).toMatchObject({ value: 176.4, code: '[lb_av]' });
    expect(code(obs(ids.a1c!))).toBe('4548-4');
    expect(obs(ids.a1c!)).toMatchObject({
      category: [{ coding: [{ code: 'laboratory' }] }],
      effectiveDateTime: '2026-09-01T08:30:00.000Z',
      valueQuantity: { value: 7.1, code: '%' },
      interpretation: [{ coding: [{ code: 'H' }] }],
      referenceRange: [{ high: { value: 5.6, code: '%' } }],
      performer: [{ display: 'City Lab' }],
    });
    expect(obs(ids.mood!).code.text).toMatch(/Mood/);
    expect(obs(ids.mood!).component?.map((c) => [c.code.text, c.valueQuantity?.value])).toEqual([
      ['Mood', 4],
      ['Energy', 2],
    ]);
    expect(code(obs(ids.pain!))).toBe('72514-3');
    expect(obs(ids.pain!)).toMatchObject({ valueQuantity: { value: 3 }, bodySite: { text: 'lower_back' } });

    // Meals: the food in words, calories (9052-2, kcal, zero kept) and carbs (9059-7, g), the meal type
    // in Healthfolio's own code system under the instance; a journal entry's text as written.
    const ours = `${APP_URL}/fhir/CodeSystem/healthfolio`;
    expect(obs(ids.lunch!)).toMatchObject({
      category: [{ coding: [{ code: 'social-history' }] }],
      code: { coding: [{ system: ours, code: 'meal' }], text: 'Meal' },
      valueString: 'Pasta',
    });
    expect(
      obs(ids.lunch!).component?.map((c) => [
        c.code.coding?.[0]?.code,
        c.valueQuantity?.value ?? c.valueCodeableConcept?.text,
        c.valueQuantity?.code,
      ]),
    ).toEqual([
      // The app's own word for the type (core's MEAL_TYPE_LABELS), not a wording of the export's.
      ['meal-type', 'Other', undefined],
      ['9052-2', 640, 'kcal'],
      ['9059-7', 82, 'g'],
    ]);
    expect(obs(ids.meal!).component?.map((c) => c.valueQuantity?.value)).toEqual([0, 1.5]);
    expect(obs(ids.journal!)).toMatchObject({
      code: { coding: [{ system: ours, code: 'journal-entry' }], text: 'Journal entry' },
      valueString: 'Slept badly.\nWalked at noon.',
      note: [{ text: 'tired' }],
    });

    const kinds = (type: string) => resources.filter((r) => r.resourceType === type);
    expect(byId.get(ids.med!)).toMatchObject({
      resourceType: 'MedicationStatement',
      medicationCodeableConcept: { text: 'Ibuprofen 200 mg' },
    });
    expect(kinds('MedicationRequest')[0]).toMatchObject({
      status: 'active',
      intent: 'plan',
      medicationCodeableConcept: { text: 'Metformin' },
      dosageInstruction: [{ timing: { repeat: { periodUnit: 'd' } } }],
    });
    // The doses taken and skipped, each naming its schedule's request; the others are not doses given.
    const schedule = `urn:uuid:${kinds('MedicationRequest')[0]!.id}`;
    expect(kinds('MedicationAdministration')).toHaveLength(2);
    expect(byId.get(ids.taken!)).toMatchObject({
      status: 'completed',
      medicationCodeableConcept: { text: 'Metformin' },
      request: { reference: schedule },
      dosage: { text: '500 mg' },
      effectiveDateTime: takenDue,
    });
    expect(byId.get(ids.skipped!)).toMatchObject({
      status: 'not-done',
      statusReason: [{ coding: [{ code: 'dose-skipped' }], text: 'Skipped' }],
      request: { reference: schedule },
    });
    // An insulin dose: the total first, then its boluses; the glucose and carbs it was worked out from.
    const insulin = byId.get(ids.insulin!) as MedicationStatement;
    expect(
      insulin.dosage?.[0]?.doseAndRate?.map((d) => [d.type?.coding?.[0]?.code, d.doseQuantity?.value]),
    ).toEqual([
      [undefined, 6.5],
      ['meal-bolus', 4.5],
      ['correction-bolus', 2],
    ]);
    expect(insulin.contained?.map((c) => (c as Observation).valueQuantity?.value)).toEqual([190, 45]);
    expect(byId.get(ids.appointment!)).toMatchObject({ resourceType: 'Appointment', status: 'booked' });
    expect(kinds('Coverage')).toHaveLength(1);
    expect(byId.get(ids.claim!)).toMatchObject({
      resourceType: 'Claim',
      total: { value: 250, currency: 'USD' },
    });
    expect(kinds('ExplanationOfBenefit')[0]).toMatchObject({
      disposition: 'Paid',
      claim: { reference: `urn:uuid:${ids.claim}` },
    });

    const doc = byId.get(ids.document!) as Resource & { content: { attachment: { data: string } }[] };
    expect(doc.resourceType).toBe('DocumentReference');
    expect(Buffer.from(doc.content[0]!.attachment.data, 'base64').toString('latin1')).toContain(
      'export-document-body',
    );

    // The CGM summary of the HL7 CGM IG for 14 and 90 days: TIR, mean, GMI when the wear allows it, and CV.
    const summaries = kinds('Observation').filter((o) =>
      (o as Observation).code.coding?.some((c) => c.system?.includes('cgm-summary-codes')),
    ) as Observation[];
    const summaryCodes = (days: number) => {
      const panel = summaries.find((o) => o.code.text === `CGM Summary Report, last ${days} days`)!;
      return panel.hasMember!.map((m) => code(obs(m.reference!.replace('urn:uuid:', '')) as Observation));
    };
    const withoutGmi = [
      'mean-glucose-mass-per-volume',
      'time-in-very-low',
      'time-in-low',
      'time-in-target',
      'time-in-high',
      'time-in-very-high',
      'cv',
      'sensor-active-percentage',
    ];
    // No GMI in either, as on screen: 18 days of wear are 20% of the readings 90 days expect (GMI needs
    // 70%), and the last 14 days span just under 14 days of sensor data.
    expect(summaryCodes(90)).toEqual(withoutGmi);
    expect(summaryCodes(14)).toEqual(withoutGmi);
  });
});
