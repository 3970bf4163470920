import type { ShareCategory } from '@healthfolio/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docx, jpeg, pdfWith } from '../../../test/document-fixtures';
import { bytesOf, uploadDocument } from '../../../test/documents-client';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';

/** A caregiver opens the owner's documents' files from the shared view; lab reports also under lab results. */

let server: TestServer;
let alice: TestClient;
let aliceId: string;
let bob: TestClient;
let ipSeq = 0;
const docs: Record<string, { id: string; bytes: Buffer }> = {};

/** A caregiver without a session, from its own address (the lookups are throttled per IP). */
const get = (path: string) => server.client().get(path, { 'x-forwarded-for': `198.51.101.${++ipSeq % 250}` });

const invite = async (client: TestClient, categories: ShareCategory[], accessType = 'full_access') => {
  const res = await client.post('/api/v1/shares', { email: 'doc-carer@example.com', categories, accessType });
  expect(res.status, await res.clone().text()).toBe(201);
  const share = await res.json();
  return { id: share.id as string, token: new URL(share.link).pathname.split('/').pop() as string };
};

const upload = async (client: TestClient, key: string, file: Buffer, name: string, category: string) => {
  const res = await uploadDocument(server, client, { file, name, title: key, category });
  expect(res.status, await res.clone().text()).toBe(201);
  const id = (await res.json()).id as string;
  // What the owner downloads is what was stored (images are re-encoded): the caregiver must get the same.
  docs[key] = { id, bytes: await bytesOf(await client.get(`/api/v1/documents/${id}/file`)) };
};

const file = (token: string, key: string, section = 'documents', query = '') =>
  get(`/api/v1/shared/${token}/${section}/${docs[key]!.id}/file${query}`);

beforeAll(async () => {
  server = await createTestServer({ trustProxy: 1 });
  ({ client: alice, userId: aliceId } = await signUpAndSignIn(server, 'alice-docs@example.com'));
  bob = (await signUpAndSignIn(server, 'bob-docs@example.com')).client;
  await upload(alice, 'Lipid panel', pdfWith('lipid-body'), 'Lipid panel é.pdf', 'Lab Results');
  await upload(alice, 'Prescription', await jpeg(), 'rx.jpg', 'Prescriptions');
  await upload(alice, 'Referral letter', docx(), 'referral.docx', 'Referrals');
  await upload(bob, 'Bob panel', pdfWith('bob-body'), 'bob.pdf', 'Lab Results');
}, 60_000);
afterAll(() => server.close());

describe('shared documents', () => {
  it('lists every document with its file name and sends the bytes the owner uploaded', async () => {
    const share = await invite(alice, ['documents']);
    const list = await (await get(`/api/v1/shared/${share.token}/documents`)).json();
    expect(list.items.map((d: { title: string }) => d.title).sort()).toEqual([
      'Lipid panel',
      'Prescription',
      'Referral letter',
    ]);
    expect(list.items.find((d: { title: string }) => d.title === 'Lipid panel')).toMatchObject({
      fileName: 'Lipid panel é.pdf',
      viewable: true,
    });
    for (const key of ['Lipid panel', 'Prescription', 'Referral letter']) {
      const res = await file(share.token, key);
      expect(res.status, key).toBe(200);
      expect((await bytesOf(res)).equals(docs[key]!.bytes), key).toBe(true);
    }
  });

  it('answers with the owner’s download headers: a sandboxed, never-cached attachment, inline to view', async () => {
    const share = await invite(alice, ['documents']);
    const res = await file(share.token, 'Lipid panel');
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Lipid panel _.pdf"; filename*=UTF-8''Lipid%20panel%20%C3%A9.pdf`,
    );
    expect(res.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const inline = await file(share.token, 'Prescription', 'documents', '?disposition=inline');
    expect(inline.headers.get('content-disposition')).toMatch(/^inline; filename="rx.jpg"/);
    expect(inline.headers.get('content-security-policy')).toMatch(/^sandbox;/);
    // A Word file is never shown inline, only downloaded.
    const word = await file(share.token, 'Referral letter', 'documents', '?disposition=inline');
    expect(word.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('records each view and download in the owner’s access log with the document id, not its title', async () => {
    const share = await invite(alice, ['documents']);
    await (await file(share.token, 'Lipid panel', 'documents', '?disposition=inline')).arrayBuffer();
    await (await file(share.token, 'Lipid panel')).arrayBuffer();
    const rows = await server.deps.db.asSystem(
      async (tx) =>
        (
          await tx.execute<{ details: Record<string, unknown> }>(
            sql`select details from audit_logs where resource_id = ${share.id} and action = 'read' order by seq`,
          )
        ).rows,
    );
    const id = docs['Lipid panel']!.id;
    expect(rows.map((r) => r.details)).toEqual([
      { viewed: 'documents', document: id, file: 'view' },
      { viewed: 'documents', document: id, file: 'download' },
    ]);
    expect(JSON.stringify(rows)).not.toContain('Lipid');
    const log = (await (await alice.get(`/api/v1/shares/${share.id}/access-log`)).json()).items;
    expect(log).toHaveLength(2);
    const after = (await (await alice.get('/api/v1/shares')).json()).items.find(
      (s: { id: string }) => s.id === share.id,
    );
    expect(after.status).toBe('active');
    expect(after.lastAccessedAt).not.toBeNull();
  });

  it('refuses with the link’s 404 an unknown id, another owner’s document, a revoked or expired share', async () => {
    const share = await invite(alice, ['documents']);
    const unknown = await get(`/api/v1/shared/${share.token}/documents/${crypto.randomUUID()}/file`);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).code).toBe('share_link_invalid');
    const foreign = await file(share.token, 'Bob panel');
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).code).toBe('share_link_invalid');
    expect((await get(`/api/v1/shared/${share.token}/documents/not-a-uuid/file`)).status).toBe(400);
    // A refused read is not recorded as one.
    const reads = await server.deps.db.asSystem(
      async (tx) =>
        (await tx.execute(sql`select 1 from audit_logs where resource_id = ${share.id} and action = 'read'`))
          .rows,
    );
    expect(reads).toHaveLength(0);
    await alice.post(`/api/v1/shares/${share.id}/revoke`);
    expect((await file(share.token, 'Lipid panel')).status).toBe(404);
    const expired = await invite(alice, ['documents']);
    await server.deps.db.owner.execute(
      sql`update shared_access set expires_at = now() - interval '1 second' where id = ${expired.id}`,
    );
    const late = await file(expired.token, 'Lipid panel');
    expect(late.status).toBe(404);
    expect((await late.json()).code).toBe('share_link_invalid');
  });

  it('keeps documents older than the access level’s window out of the list and the files', async () => {
    const share = await invite(alice, ['documents'], 'view_only');
    await server.deps.db.owner.execute(
      sql`update documents set uploaded_at = now() - interval '40 days' where id = ${docs.Prescription!.id}`,
    );
    try {
      const list = await (await get(`/api/v1/shared/${share.token}/documents`)).json();
      expect(list.items.map((d: { title: string }) => d.title)).not.toContain('Prescription');
      expect((await file(share.token, 'Prescription')).status).toBe(404);
      expect((await file(share.token, 'Lipid panel')).status).toBe(200);
    } finally {
      await server.deps.db.owner.execute(
        sql`update documents set uploaded_at = now() where id = ${docs.Prescription!.id}`,
      );
    }
  });
});

describe('lab documents under lab results', () => {
  it('shows the lab reports, and only them, to a share of lab results without documents', async () => {
    const share = await invite(alice, ['lab_results']);
    const lab = await (await get(`/api/v1/shared/${share.token}/lab-results`)).json();
    expect(lab.documents.map((d: { title: string }) => d.title)).toEqual(['Lipid panel']);
    const res = await file(share.token, 'Lipid panel', 'lab-results/documents');
    expect(res.status).toBe(200);
    expect((await bytesOf(res)).equals(docs['Lipid panel']!.bytes)).toBe(true);
    expect((await file(share.token, 'Prescription', 'lab-results/documents')).status).toBe(404);
    // The documents section itself stays closed.
    expect((await get(`/api/v1/shared/${share.token}/documents`)).status).toBe(404);
    expect((await file(share.token, 'Lipid panel')).status).toBe(404);
  });

  it('lists only lab reports in the lab section even when documents are shared too', async () => {
    const share = await invite(alice, ['lab_results', 'documents']);
    const lab = await (await get(`/api/v1/shared/${share.token}/lab-results`)).json();
    expect(lab.documents.map((d: { title: string }) => d.title)).toEqual(['Lipid panel']);
    expect((await file(share.token, 'Prescription', 'lab-results/documents')).status).toBe(404);
    expect((await file(share.token, 'Prescription')).status).toBe(200);
  });

  it('is the database’s rule: in a lab results share’s scope, no filter sees only the lab reports', async () => {
    const lab = await invite(alice, ['lab_results']);
    const none = await invite(alice, ['health_metrics']);
    const seen = (shareId: string) =>
      server.deps.db.asShare(
        shareId,
        async (tx) =>
          (await tx.execute<{ title: string; user_id: string }>(sql`select title, user_id from documents`))
            .rows,
      );
    expect(await seen(lab.id)).toEqual([{ title: 'Lipid panel', user_id: aliceId }]);
    expect(await seen(none.id)).toEqual([]);
    await alice.post(`/api/v1/shares/${lab.id}/revoke`);
    expect(await seen(lab.id)).toEqual([]);
  });
});
