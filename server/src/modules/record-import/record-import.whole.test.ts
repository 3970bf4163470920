import type { Bundle, Claim, Media, Observation, Resource } from '@medplum/fhirtypes';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfWith } from '../../../test/document-fixtures';
import { uploadDocument } from '../../../test/documents-client';
import {
  APP_URL,
  createTestServer,
  signUpAndSignIn,
  type TestClient,
  type TestResponse,
  type TestServer,
} from '../../../test/harness';
import { type OpenAiStub, startOpenAiStub } from '../../../test/openai-stub';

/**
 * What the export used to leave behind comes back whole: a meal's photo, its list of foods and its AI
 * estimate, insulin settings (waiting for the person's review before any dose), a lab result's source
 * document and a claim's EOB file.
 */
const ANALYSIS = {
  foodItems: ['Lentil soup', 'Bread'],
  estimatedCalories: 540,
  carbs: 62,
  nutritionInfo: 'Fibre-rich.',
  mealType: 'lunch',
};
const SETTINGS = {
  carb_ratio: 12,
  correction_factor: 45,
  target_glucose: 105,
  insulin_curve: 'ultra-rapid',
  dia_hours: 6,
  max_single_dose: 15,
};
const FOODS = [
  { name: 'Lentil soup', portion: 350, carbs: 40 },
  { name: 'Rye bread', portion: 60, carbs: 22 },
];

let stub: OpenAiStub;
let server: TestServer;
let carol: TestClient;
let dave: TestClient;
let bundle: Bundle;
let file: Buffer;
const ids: Record<string, string> = {};

const created = async (res: TestResponse) => {
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return res.json();
};
const importInto = async (client: TestClient) =>
  created(
    await server.app.request('/api/v1/records/import', {
      method: 'POST',
      body: (() => {
        const body = new FormData();
        body.append('file', new Blob([new Uint8Array(file)]), 'healthfolio-record.json');
        return body;
      })(),
      headers: { origin: APP_URL, cookie: client.cookieHeader, 'x-requested-with': 'healthfolio' },
    }),
  );
const items = async (client: TestClient, path: string) => (await (await client.get(path)).json()).items;
const entriesOf = async (client: TestClient, tracker: string) =>
  items(client, `/api/v1/entries?tracker=${tracker}&limit=50`);
const photoOf = async (client: TestClient, id: string) => {
  const res = await client.get(`/api/v1/ai/meal-photo-analyses/${id}/photo`);
  expect(res.status).toBe(200);
  return sharp(Buffer.from(await res.arrayBuffer())).metadata();
};
const titleOf = async (client: TestClient, documentId: string | null) =>
  documentId ? (await (await client.get(`/api/v1/documents/${documentId}`)).json()).title : null;
const logDose = (client: TestClient) =>
  client.post('/api/v1/entries', {
    tracker: 'insulin',
    occurredAt: new Date().toISOString(),
    data: { meal_insulin: 2, correction_insulin: 0, total_insulin: 2 },
  });

beforeAll(async () => {
  stub = await startOpenAiStub(() => ({ text: JSON.stringify(ANALYSIS) }));
  server = await createTestServer(
    {},
    { AI_BASE_URL: stub.url, AI_API_KEY: 'sk-x', AI_MODEL: 'chat', AI_VISION_MODEL: 'vision-model' },
  );
  ({ client: carol } = await signUpAndSignIn(server, 'carol-whole@example.com'));
  ({ client: dave } = await signUpAndSignIn(server, 'dave-whole@example.com'));
  const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000).toISOString();
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#a63' } })
    .jpeg()
    .toBuffer();
  const analysed = await created(
    await server.app.request('/api/v1/ai/meal-photo-analyses', {
      method: 'POST',
      headers: { origin: APP_URL, cookie: carol.cookieHeader, 'content-type': 'image/jpeg' },
      body: new Uint8Array(photo),
    }),
  );
  // The AI's carbs kept, its calories corrected by the person: only carbs are the estimate.
  const meal = await created(
    await carol.post('/api/v1/entries', {
      tracker: 'meal',
      occurredAt: at(5),
      data: { mealType: 'lunch', calories: 500, carbs: 62, foods: FOODS, aiAnalysisId: analysed.analysisId },
    }),
  );
  expect(meal.data.aiEstimate.fields).toEqual(['carbs']);
  ids.meal = meal.id;
  ids.analysis = analysed.analysisId;
  await created(
    await carol.post('/api/v1/entries', { tracker: 'insulin-settings', occurredAt: at(30), data: SETTINGS }),
  );
  const upload = async (title: string, text: string) =>
    (
      await created(
        await uploadDocument(server, carol, {
          file: pdfWith(text),
          name: `${text}.pdf`,
          title,
          category: title === 'EOB March' ? 'Other' : 'Lab Results',
        }),
      )
    ).id as string;
  ids.report = await upload('Lipid panel report', 'lipid-report');
  ids.eob = await upload('EOB March', 'eob-march');
  ids.lab = (
    await created(
      await carol.post('/api/v1/lab-results', {
        testName: 'LDL Cholesterol',
        loinc: '13457-7',
        value: 2.9,
        unit: 'mmol/L',
        effectiveAt: '2025-08-01T08:30:00Z',
        documentId: ids.report,
      }),
    )
  ).id;
  ids.claim = (
    await created(
      await carol.post('/api/v1/insurance/claims', {
        claimNumber: 'EOB-1',
        provider: 'Riverside Clinic',
        serviceDate: '2025-08-04',
        submittedDate: '2025-08-06',
        status: 'paid',
        amount: '120.00',
        covered: '100.00',
        patientResponsibility: '20.00',
        eobDocumentId: ids.eob,
      }),
    )
  ).id;

  const started = await created(await carol.post('/api/v1/export/record', {}));
  await server.deps.jobs.runOnce();
  const res = await carol.get(`/api/v1/export/record/${started.id}/file`);
  expect(res.status).toBe(200);
  file = Buffer.from(await res.arrayBuffer());
  bundle = JSON.parse(file.toString('utf8'));
}, 120_000);
afterAll(async () => {
  await server.close();
  await stub.close();
});

describe('The export holds what it used to leave out', () => {
  const resources = () => bundle.entry!.map((e) => e.resource as Resource & { id: string });
  const byId = (id: string) => resources().find((r) => r.id === id);
  const ext = (name: string) => `${APP_URL}/fhir/StructureDefinition/${name}`;

  it('carries the meal photo inside, its foods, and the AI estimate marked as one', async () => {
    const meal = byId(ids.meal!) as Observation;
    expect(meal.derivedFrom).toEqual([{ reference: `urn:uuid:${ids.analysis}` }]);
    const media = byId(ids.analysis!) as Media;
    expect(media).toMatchObject({ resourceType: 'Media', content: { contentType: 'image/jpeg' } });
    expect(media.type?.text).toBe('Meal photo');
    // The stored photo is already shrunk to at most 1024 px; the bundle holds exactly it.
    const inside = await sharp(Buffer.from(media.content.data!, 'base64')).metadata();
    expect([inside.format, inside.width, inside.height]).toEqual(['jpeg', 1024, 768]);
    expect(Buffer.from(media.content.data!, 'base64').length).toBe(media.content.size);

    const foods = meal.extension!.filter((e) => e.url === ext('meal-food'));
    expect(
      foods.map((f) => f.extension!.map((x) => [x.url, x.valueString ?? x.valueQuantity?.value])),
    ).toEqual([
      [
        ['name', 'Lentil soup'],
        ['portion', 350],
        ['carbs', 40],
      ],
      [
        ['name', 'Rye bread'],
        ['portion', 60],
        ['carbs', 22],
      ],
    ]);
    const estimate = meal.extension!.find((e) => e.url === ext('meal-ai-estimate'))!;
    const said = (url: string) => estimate.extension!.filter((x) => x.url === url);
    expect(said('model')[0]!.valueString).toBe('vision-model');
    expect(said('field').map((x) => x.valueCode)).toEqual(['carbs']);
    expect(said('foodItem').map((x) => x.valueString)).toEqual(['Lentil soup', 'Bread']);
    expect(said('calories')[0]!.valueQuantity).toMatchObject({ value: 540, code: 'kcal' });
    // Carbs are the AI's figure, calories the person's: only the carbs component says so.
    const marked = meal.component!.map((c) => [
      c.code.coding?.[0]?.code,
      c.extension?.some((e) => e.url === ext('ai-estimated') && e.valueBoolean) ?? false,
    ]);
    expect(marked).toEqual([
      ['meal-type', false],
      ['9052-2', false],
      ['9059-7', true],
    ]);
  });

  it('carries the insulin settings, and links the lab result and the claim to their documents', () => {
    const settings = resources().find(
      (r) => r.resourceType === 'Observation' && (r as Observation).code.text === 'Insulin settings',
    ) as Observation;
    expect(settings.component!.map((c) => [c.code.coding?.[0]?.code, c.valueQuantity?.value])).toEqual([
      ['carb-ratio', 12],
      ['correction-factor', 45],
      ['target-glucose', 105],
      ['insulin-action-duration', 6],
      ['max-single-dose', 15],
      ['insulin-curve', undefined],
    ]);
    expect(settings.component!.at(-1)!.valueCodeableConcept!.coding![0]!.code).toBe(
      'insulin-curve-ultra-rapid',
    );
    expect((byId(ids.lab!) as Observation).derivedFrom).toEqual([{ reference: `urn:uuid:${ids.report}` }]);
    expect(byId(ids.report!)?.resourceType).toBe('DocumentReference');
    expect((byId(ids.claim!) as Claim).supportingInfo).toMatchObject([
      {
        category: { coding: [{ code: 'attachment' }] },
        valueReference: { reference: `urn:uuid:${ids.eob}` },
      },
    ]);
  });
});

describe('Imported into an empty record', () => {
  let report: Record<string, unknown> & { notices: string[]; created: Record<string, number> };
  beforeAll(async () => {
    report = await importInto(dave);
  }, 60_000);

  it('brings the meal back with its photo, foods and AI estimate', async () => {
    const [original] = await entriesOf(carol, 'meal');
    const [copy] = await entriesOf(dave, 'meal');
    expect(copy.data).toEqual({
      ...original.data,
      aiEstimate: { ...original.data.aiEstimate, analysisId: copy.data.mealPhotoId },
      mealPhotoId: copy.data.mealPhotoId,
    });
    expect(copy.data.mealPhotoId).not.toBe(original.data.mealPhotoId);
    const photo = await photoOf(dave, copy.data.mealPhotoId);
    expect([photo.format, photo.width, photo.height]).toEqual(['jpeg', 1024, 768]);
    // The photo is Dave's own: Carol cannot reach Dave's copy.
    expect((await carol.get(`/api/v1/ai/meal-photo-analyses/${copy.data.mealPhotoId}/photo`)).status).toBe(
      404,
    );
    // The meal cites its analysis as a meal saved in the app does: an edit keeps the estimate.
    const edited = await dave.patch(`/api/v1/entries/${copy.id}`, { notes: 'soup day' });
    expect(edited.status, await edited.clone().text()).toBe(200);
    expect((await edited.json()).data.aiEstimate).toMatchObject({ model: 'vision-model', fields: ['carbs'] });
  });

  it('links the lab result and the claim to the same documents again', async () => {
    const [lab] = await items(dave, '/api/v1/lab-results');
    expect(await titleOf(dave, lab.documentId)).toBe('Lipid panel report');
    const [claim] = await items(dave, '/api/v1/insurance/claims');
    expect(await titleOf(dave, claim.eobDocumentId)).toBe('EOB March');
  });

  it('keeps the insulin settings out of use until the person saves them, and says so', async () => {
    expect(report.notices).toEqual([
      'Insulin settings came in from the file, but no dose is suggested from them until you check them against what your care team gave you and save them in the insulin calculator.',
    ]);
    const [settings] = await entriesOf(dave, 'insulin-settings');
    expect(settings.data).toEqual({ ...SETTINGS, needs_review: true });
    const refused = await logDose(dave);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      code: 'insulin_settings_unconfirmed',
      detail: expect.stringContaining('came from an imported record'),
    });
    // Carol's own saved settings still dose.
    expect((await logDose(carol)).status).toBe(201);
    // Once Dave saves them (the settings form sends them without the mark), a dose is accepted.
    await created(
      await dave.post('/api/v1/entries', {
        tracker: 'insulin-settings',
        occurredAt: new Date().toISOString(),
        data: SETTINGS,
      }),
    );
    expect((await logDose(dave)).status).toBe(201);
  });

  it('adds nothing on a second import of the same file', async () => {
    const again = await importInto(dave);
    expect(again.created).toMatchObject({ trackerEntries: 0, labResults: 0, claims: 0, documents: 0 });
    expect(again.notices).toEqual([]);
    expect(await entriesOf(dave, 'meal')).toHaveLength(1);
    expect(await entriesOf(dave, 'insulin-settings')).toHaveLength(2);
  }, 60_000);
});
