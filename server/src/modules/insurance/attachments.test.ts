import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfWith } from '../../../test/document-fixtures';
import { uploadDocument } from '../../../test/documents-client';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';

let server: TestServer;
let alice: TestClient;
let bob: TestClient;
beforeAll(async () => {
  server = await createTestServer();
  alice = (await signUpAndSignIn(server, 'alice-att@example.com')).client;
  bob = (await signUpAndSignIn(server, 'bob-att@example.com')).client;
});
afterAll(() => server.close());

const claim = {
  claimNumber: 'CLM-EOB',
  provider: 'City Clinic',
  serviceDate: '2026-10-01',
  submittedDate: '2026-10-03',
  status: 'paid',
  amount: '250.00',
  covered: '200.00',
  patientResponsibility: '50.00',
};
const bill = { provider: 'Lab Corp', amount: '100.10', dueDate: '2026-12-01', category: 'Lab Work' };

const upload = async (client: TestClient, title: string, name: string) => {
  const res = await uploadDocument(server, client, {
    file: pdfWith(title),
    name,
    title,
    category: 'Other',
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).id as string;
};

describe('EOB and receipt attachments', () => {
  it('attaches the user’s own EOB, shows its title and file name, detaches it', async () => {
    const eob = await upload(alice, 'October EOB', 'eob-october.pdf');
    const created = await alice.post('/api/v1/insurance/claims', { ...claim, eobDocumentId: eob });
    expect(created.status, await created.clone().text()).toBe(201);
    const body = await created.json();
    expect(body).toMatchObject({
      eobDocumentId: eob,
      eobDocument: { id: eob, title: 'October EOB', fileName: 'eob-october.pdf' },
    });
    const listed = await (await alice.get('/api/v1/insurance/claims')).json();
    expect(listed.items[0].eobDocument).toMatchObject({ title: 'October EOB' });
    // The attached file downloads through the documents vault.
    expect((await alice.get(`/api/v1/documents/${eob}/file`)).status).toBe(200);

    const detached = await alice.patch(`/api/v1/insurance/claims/${body.id}`, { eobDocumentId: null });
    expect(detached.status).toBe(200);
    expect(await detached.json()).toMatchObject({ eobDocumentId: null, eobDocument: null });
  });

  it('refuses another user’s document as EOB or receipt with a field error, and writes nothing', async () => {
    const bobs = await upload(bob, 'Bob statement', 'bob.pdf');
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const id of [bobs, missing]) {
      const res = await alice.post('/api/v1/insurance/claims', {
        ...claim,
        claimNumber: `CLM-X-${id.slice(0, 4)}`,
        eobDocumentId: id,
      });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect((await res.json()).errors).toEqual([
        { path: 'eobDocumentId', message: 'Choose one of your documents as the EOB' },
      ]);
    }
    const claims = (await (await alice.get('/api/v1/insurance/claims')).json()).items;
    expect(claims.some((c: { claimNumber: string }) => c.claimNumber.startsWith('CLM-X-'))).toBe(false);

    const billsBefore = (await (await alice.get('/api/v1/insurance/bills')).json()).items.length;
    const badBill = await alice.post('/api/v1/insurance/bills', { ...bill, receiptDocumentId: bobs });
    expect(badBill.status).toBe(400);
    expect((await badBill.json()).errors).toEqual([
      { path: 'receiptDocumentId', message: 'Choose one of your documents as the receipt' },
    ]);
    expect((await (await alice.get('/api/v1/insurance/bills')).json()).items.length).toBe(billsBefore);

    // An edit that would attach Bob's document changes nothing either.
    const mine = await (await alice.post('/api/v1/insurance/bills', bill)).json();
    const edit = await alice.patch(`/api/v1/insurance/bills/${mine.id}`, {
      receiptDocumentId: bobs,
      provider: 'Changed',
    });
    expect(edit.status).toBe(400);
    expect(await (await alice.get(`/api/v1/insurance/bills/${mine.id}`)).json()).toMatchObject({
      provider: 'Lab Corp',
      receiptDocumentId: null,
    });
    expect(
      (await alice.patch(`/api/v1/insurance/bills/${mine.id}`, { receiptDocumentId: 'nope' })).status,
    ).toBe(400);
  });

  it('keeps someone else’s claim a 404 even when it has an EOB', async () => {
    const eob = await upload(alice, 'Private EOB', 'private.pdf');
    const mine = await (
      await alice.post('/api/v1/insurance/claims', { ...claim, claimNumber: 'CLM-PRIV', eobDocumentId: eob })
    ).json();
    expect((await bob.get(`/api/v1/insurance/claims/${mine.id}`)).status).toBe(404);
    expect((await bob.patch(`/api/v1/insurance/claims/${mine.id}`, { eobDocumentId: null })).status).toBe(
      404,
    );
    expect((await bob.get(`/api/v1/documents/${eob}/file`)).status).toBe(404);
    expect((await alice.get(`/api/v1/insurance/claims/${mine.id}`)).status).toBe(200);
  });

  it('clears the attachment when the document is deleted from the vault', async () => {
    const receipt = await upload(alice, 'Lab receipt', 'receipt.pdf');
    const created = await (
      await alice.post('/api/v1/insurance/bills', { ...bill, receiptDocumentId: receipt })
    ).json();
    expect(created.receiptDocument).toMatchObject({ title: 'Lab receipt', fileName: 'receipt.pdf' });
    expect((await alice.delete(`/api/v1/documents/${receipt}`)).status).toBe(204);
    expect(await (await alice.get(`/api/v1/insurance/bills/${created.id}`)).json()).toMatchObject({
      receiptDocumentId: null,
      receiptDocument: null,
    });
  });

  it('lists each record’s attachment in the yearly CSV', async () => {
    const { client: carol } = await signUpAndSignIn(server, 'carol-att@example.com');
    const eob = await upload(carol, 'EOB March', 'eob-march.pdf');
    const receipt = await upload(carol, 'Pharmacy receipt', 'rx.pdf');
    await carol.post('/api/v1/insurance/claims', {
      ...claim,
      serviceDate: '2026-03-01',
      submittedDate: '2026-03-02',
      eobDocumentId: eob,
    });
    await carol.post('/api/v1/insurance/bills', { ...bill, receiptDocumentId: receipt });
    await carol.post('/api/v1/insurance/bills', { ...bill, provider: 'No receipt', dueDate: '2026-12-02' });
    const res = await carol.get('/api/v1/insurance/export.csv?year=2026');
    expect(res.status).toBe(200);
    const rows: Record<string, string>[] = parse(await res.text(), { columns: true });
    expect(rows.map((r) => [r.Record, r.Provider, r.Attachment])).toEqual([
      ['Claim', 'City Clinic', 'EOB March (eob-march.pdf)'],
      ['Bill', 'Lab Corp', 'Pharmacy receipt (rx.pdf)'],
      ['Bill', 'No receipt', ''],
    ]);
  });
});
