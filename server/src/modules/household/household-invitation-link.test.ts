import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestServer } from '../../../test/harness';
import { addPerson } from '../../../test/household';
import { startSmtpCapture, textBody } from '../../../test/smtp-capture';
import { createLogger } from '../../http/log-safety';

/**
 * A default install sends no email: the inviting guardian gets the invitation link to pass on, in the
 * creation answer only. With email on, the link goes to the invited address alone.
 */
const lines: string[] = [];
const logger = createLogger('trace', { write: (s: string) => void lines.push(s) });
let noMail: TestServer;
let withMail: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

beforeAll(async () => {
  noMail = await createTestServer({}, {}, { logger });
  smtp = await startSmtpCapture();
  withMail = await createTestServer({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await noMail.close();
  await withMail.close();
  await smtp.close();
});

const tokenOf = (link: string) => new URL(link).pathname.split('/').pop()!;

describe('inviting a guardian without email delivery', () => {
  it('answers the link to the inviter once; the invited guardian accepts with it; nobody else sees it', async () => {
    const mum = await signUpAndSignIn(noMail, 'link-mum@example.com');
    const mia = await addPerson(mum.client, 'Mia');
    const gran = await signUpAndSignIn(noMail, 'link-gran@example.com');
    await noMail.deps.db.asSystem((tx) =>
      tx.execute(sql`insert into guardianships (person_id, guardian_id) values (${mia}, ${gran.userId})`),
    );

    const sent = await mum.client.post(`/api/v1/household/people/${mia}/invitations`, {
      email: 'link-dad@example.com',
      kind: 'guardian',
    });
    expect(sent.status).toBe(201);
    const created = await sent.json();
    expect(created).toMatchObject({ email: 'link-dad@example.com', kind: 'guardian', emailed: false });
    expect(created.link).toMatch(/\/household\/invitations\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(created.link);

    // Listed as pending for both guardians, with neither the link nor its token.
    for (const g of [mum, gran]) {
      const household = await (await g.client.get('/api/v1/household')).text();
      expect(household).toContain('link-dad@example.com');
      expect(household).not.toContain(token);
    }

    const dad = await signUpAndSignIn(noMail, 'link-dad@example.com');
    expect((await dad.client.post(`/api/v1/household/invitations/${token}/accept`)).status).toBe(200);
    const seen = (await (await dad.client.get('/api/v1/household')).json()).people;
    expect(seen.map((p: { id: string }) => p.id)).toContain(mia);

    await new Promise((r) => setTimeout(r, 50));
    expect(
      lines
        .join('')
        .split('\n')
        .find((l) => l.includes(token)),
    ).toBeUndefined();
  });

  it('a handover answers its link too', async () => {
    const parent = await signUpAndSignIn(noMail, 'link-parent@example.com');
    const sam = await addPerson(parent.client, 'Sam');
    const res = await parent.client.post(`/api/v1/household/people/${sam}/invitations`, {
      email: 'link-sam@example.com',
      kind: 'handover',
    });
    expect(res.status).toBe(201);
    const { link, emailed } = await res.json();
    expect(emailed).toBe(false);
    const preview = await noMail.client().get(`/api/v1/household/invitations/${tokenOf(link)}`);
    expect(await preview.json()).toMatchObject({ kind: 'handover', personDisplayName: 'Sam' });
  });
});

describe('inviting a guardian with email delivery', () => {
  it('emails the link and does not answer it', async () => {
    const mum = await signUpAndSignIn(withMail, 'mail-mum@example.com');
    const mia = await addPerson(mum.client, 'Mia');
    const sent = await mum.client.post(`/api/v1/household/people/${mia}/invitations`, {
      email: 'mail-dad@example.com',
      kind: 'guardian',
    });
    expect(sent.status).toBe(201);
    const created = await sent.json();
    expect(created).toMatchObject({ email: 'mail-dad@example.com', emailed: true });
    expect(created).not.toHaveProperty('link');
    const deadline = Date.now() + 10_000;
    while (!smtp.messages.some((m) => m.to.includes('mail-dad@example.com')) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const mail = smtp.messages.find((m) => m.to.includes('mail-dad@example.com'))!;
    expect(textBody(mail.raw)).toMatch(/\/household\/invitations\/[A-Za-z0-9_-]{43}/);
  });
});
