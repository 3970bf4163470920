import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../../test/event-stream';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { actingFor, addPerson } from '../../../test/household';
import { startSmtpCapture, subjectOf, textBody } from '../../../test/smtp-capture';
import { createReminderScheduler } from '../../jobs/reminder-scheduler';

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let server: TestServer;
let mum: { client: TestClient; userId: string };
let dad: { client: TestClient; userId: string };
let gran: { client: TestClient; userId: string };
let mia: string;

/** Adds `guardian` to Mia's guardians the way the household does it (invitation accepted). */
const addGuardian = async (email: string) => {
  const g = await signUpAndSignIn(server, email);
  await server.deps.db.asSystem((tx) =>
    tx.execute(sql`insert into guardianships (person_id, guardian_id) values (${mia}, ${g.userId})`),
  );
  expect((await g.client.patch('/api/v1/profile', { emailReminders: true })).status).toBe(200);
  return g;
};

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await createTestServer({ smtpUrl: smtp.url });
  mum = await signUpAndSignIn(server, 'fan-mum@example.com');
  await mum.client.patch('/api/v1/profile', { emailReminders: true, displayName: 'Mum' });
  mia = await addPerson(mum.client, 'Mia');
  dad = await addGuardian('fan-dad@example.com');
  gran = await addGuardian('fan-gran@example.com');
  expect((await gran.client.put(`/api/v1/household/people/${mia}/mute`, { muted: true })).status).toBe(200);
});
afterAll(async () => {
  await server.deps.bus.close();
  await server.close();
  await smtp.close();
});

const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));

describe('a ward’s notifications reach their guardians', () => {
  it('a low reading: both unmuted guardians hear it live and by email, naming Mia; the muted one neither', async () => {
    const streams = await Promise.all([mum, dad, gran].map((g) => openEventStream(server, g.client)));
    smtp.messages.length = 0;
    const res = await actingFor(dad.client, mia).post('/api/v1/entries', {
      tracker: 'blood-glucose',
      occurredAt: new Date(Date.now() - 60_000).toISOString(),
      data: { glucose: 52 },
    });
    expect(res.status).toBe(201);
    for (const s of streams.slice(0, 2)) {
      const e = await s.waitFor(() => s.events.find((x) => x.event === 'notification.created'));
      expect(e.data).toMatchObject({
        personId: mia,
        title: "Mia's glucose is urgently low",
        priority: 'urgent',
      });
      expect(e.data.content).toContain("Mia's glucose was 52 mg/dL (Urgent low)");
      // What to do, told to the guardian for Mia, not as if the reading were theirs.
      expect(e.data.content).toContain(
        'Give Mia 15 g of fast-acting carbs now (juice, glucose tablets) and re-check in 15 minutes. If Mia cannot eat or drink',
      );
      expect(e.data.content).not.toMatch(/\bTake 15 g\b|\bIf you\b/);
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(streams[2]!.events).toEqual([]);
    await server.deps.background.settled();
    const deadline = Date.now() + 5_000;
    while ((mailsTo('fan-mum@').length === 0 || mailsTo('fan-dad@').length === 0) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    for (const who of ['fan-mum@example.com', 'fan-dad@example.com']) {
      const [mail] = mailsTo(who);
      expect(subjectOf(mail!.raw)).toBe("Mia's glucose is urgently low");
      expect(textBody(mail!.raw)).toContain('mute them in Settings');
    }
    expect(mailsTo('fan-gran@example.com')).toEqual([]);
    for (const s of streams) await s.close();
  });

  it('a due reminder of Mia reaches the guardians’ streams and email, named, not the muted one', async () => {
    const streams = await Promise.all([mum, dad, gran].map((g) => openEventStream(server, g.client)));
    const due = new Date(Date.now() + 60 * 60_000).toISOString();
    const created = await actingFor(mum.client, mia).post('/api/v1/notifications', {
      title: 'Insulin pen change',
      content: 'Swap the pen',
      type: 'reminder',
      dueDate: due,
    });
    expect(created.status).toBe(201);
    const id = (await created.json()).id;
    smtp.messages.length = 0;
    const scheduler = createReminderScheduler(server.deps);
    expect(await scheduler.runOnce(new Date(Date.now() + 61 * 60_000))).toContain(id);
    for (const s of streams.slice(0, 2)) {
      const e = await s.waitFor(() => s.events.find((x) => x.event === 'notification.due'));
      expect(e.data).toMatchObject({ id, personId: mia });
    }
    expect(streams[2]!.events.filter((x) => x.event === 'notification.due')).toEqual([]);
    for (const who of ['fan-mum@example.com', 'fan-dad@example.com']) {
      const [mail] = mailsTo(who);
      expect(subjectOf(mail!.raw)).toBe('Mia has a reminder in Healthfolio');
      // Generic like every reminder email: no title leaves the app.
      expect(textBody(mail!.raw)).not.toContain('Insulin');
    }
    expect(mailsTo('fan-gran@example.com')).toEqual([]);
    for (const s of streams) await s.close();
  });

  it('an open page hears someone added, or unmuted, after it opened', async () => {
    const mumStream = await openEventStream(server, mum.client);
    const granStream = await openEventStream(server, gran.client);
    const leo = await addPerson(mum.client, 'Leo');
    expect((await gran.client.put(`/api/v1/household/people/${mia}/mute`, { muted: false })).status).toBe(
      200,
    );
    const note = async (person: string, title: string) => {
      const res = await actingFor(mum.client, person).post('/api/v1/notifications', {
        title,
        content: 'Pack the kit',
        type: 'notification',
      });
      expect(res.status).toBe(201);
    };
    await note(leo, 'School trip');
    await note(mia, 'Swimming');
    const heard = (s: typeof mumStream, person: string) =>
      s.waitFor(() => s.events.find((x) => x.event === 'notification.created' && x.data.personId === person));
    expect((await heard(mumStream, leo)).data.title).toBe('School trip');
    expect((await heard(granStream, mia)).data.title).toBe('Swimming');
    await mumStream.close();
    await granStream.close();
  });
});
