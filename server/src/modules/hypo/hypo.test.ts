import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { startSmtpCapture, subjectOf, textBody } from '../../../test/smtp-capture';
import { createHypoScheduler } from '../../jobs/hypo-follow-up-scheduler';
import type { BusMessage } from '../../realtime/bus';

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await createTestServer({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const MIN = 60_000;
const minutesAgo = (m: number) => new Date(Date.now() - m * MIN).toISOString();
const later = (m: number) => new Date(Date.now() + m * MIN);

let n = 0;
/** A fresh user, whose bus messages are collected. */
const user = async () => {
  const { client, userId } = await signUpAndSignIn(server, `hypo-${++n}@example.com`);
  const heard: BusMessage[] = [];
  await server.deps.bus.subscribe(userId, { onMessage: (m) => heard.push(m) });
  return { client, userId, heard };
};
const logGlucose = async (client: TestClient, glucose: number, at = new Date().toISOString()) => {
  const res = await client.post('/api/v1/entries', {
    tracker: 'blood-glucose',
    occurredAt: at,
    data: { glucose },
  });
  expect(res.status, await res.clone().text()).toBe(201);
};
const importReadings = async (client: TestClient, readings: { at: string; mgdl: number }[]) => {
  const res = await client.post('/api/v1/glucose/readings/batch', { source: 'import:libreview', readings });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
};
const followUps = async (client: TestClient) =>
  (await (await client.get('/api/v1/hypo/follow-ups')).json()).items;
/** The follow-up's notifications (glucose alarms of their own, such as "Urgent low soon", left out). */
const notifications = async (client: TestClient) =>
  (
    (await (await client.get('/api/v1/notifications?limit=100')).json()).items as {
      id: string;
      title: string;
      content: string;
      priority: string;
      metadata: Record<string, unknown>;
    }[]
  ).filter((n) => n.metadata?.hypoFollowUpId);
const audit = (userId: string) =>
  server.deps.db.asSystem(async (tx) => {
    const { rows } = await tx.execute<{
      action: string;
      resource_type: string;
      details: Record<string, unknown>;
    }>(
      sql`select action, resource_type, details from audit_logs where user_id = ${userId} and resource_type like 'hypo%' order by seq`,
    );
    return rows.map((r) => `${r.action} ${r.resource_type}${r.details?.step ? ` ${r.details.step}` : ''}`);
  });
const settle = () => new Promise((r) => setTimeout(r, 20));
const scheduler = () => createHypoScheduler(server.deps);

describe('hypo follow-up: starting', () => {
  it('a logged low reading starts a follow-up and announces its alert live at once', async () => {
    const { client, heard } = await user();
    await logGlucose(client, 65);
    const [f] = await followUps(client);
    expect(f).toMatchObject({ status: 'active', urgent: false, valueMgdl: 65, recheckSentAt: null });
    expect(Date.parse(f.recheckDueAt) - Date.parse(f.startedAt)).toBe(15 * MIN);
    expect(Date.parse(f.escalateDueAt) - Date.parse(f.startedAt)).toBe(30 * MIN);
    const [alert] = await notifications(client);
    expect(alert).toMatchObject({ title: 'Low glucose', priority: 'high' });
    expect(alert!.content).toContain('Your glucose was 65 mg/dL (Low) at');
    expect(alert!.content).toContain('Take 15 g of fast-acting carbs now');
    expect(alert!.content).toContain('re-check in 15 minutes');
    expect(alert!.content).not.toContain('glucagon');
    await settle();
    expect(heard).toContainEqual(expect.objectContaining({ event: 'notification.created', id: alert!.id }));
  });

  it('starts at 69 mg/dL, not at 70; below 54 the first alert is urgent, at 54 it is not', async () => {
    const a = await user();
    await logGlucose(a.client, 70);
    expect(await followUps(a.client)).toEqual([]);
    await logGlucose(a.client, 69, minutesAgo(-1));
    expect((await followUps(a.client))[0]).toMatchObject({ urgent: false });

    const b = await user();
    await logGlucose(b.client, 54);
    expect((await followUps(b.client))[0]).toMatchObject({ urgent: false });
    const c = await user();
    await logGlucose(c.client, 53);
    expect((await followUps(c.client))[0]).toMatchObject({ urgent: true });
    const [alert] = await notifications(c.client);
    expect(alert).toMatchObject({ title: 'Urgent low glucose', priority: 'urgent' });
    // The consensus word and what to do now: fast carbs, a re-check, then glucagon or emergency help.
    expect(alert!.content).toContain('Your glucose was 53 mg/dL (Urgent low) at');
    expect(alert!.content).toContain('Take 15 g of fast-acting carbs now');
    expect(alert!.content).toContain('use glucagon or call emergency services');
  });

  it('a run of low CGM readings, one at a time or in one import of many, is one follow-up with one alert', async () => {
    const a = await user();
    for (const m of [25, 20, 15, 10, 5, 0])
      await importReadings(a.client, [{ at: minutesAgo(m), mgdl: 62 - m / 5 }]);
    expect(await followUps(a.client)).toHaveLength(1);
    expect((await notifications(a.client)).filter((x) => x.title === 'Low glucose')).toHaveLength(1);

    const b = await user();
    // Three days of lows every 5 minutes, up to now: 864 readings.
    const readings = Array.from({ length: 864 }, (_, i) => ({ at: minutesAgo(i * 5), mgdl: 55 + (i % 10) }));
    expect((await importReadings(b.client, readings)).inserted).toBe(864);
    await importReadings(
      b.client,
      readings.slice(0, 10).map((r) => ({ ...r, at: minutesAgo(-1) })),
    );
    expect(await followUps(b.client)).toHaveLength(1);
    expect(await notifications(b.client)).toHaveLength(1);
    const rows = await server.deps.db.asSystem((tx) =>
      tx.execute<{ n: number }>(
        sql`select count(*)::int as n from hypo_follow_ups where user_id = ${b.userId}`,
      ),
    );
    expect(rows.rows[0]?.n).toBe(1);
  });

  it('lows written at the same moment by several requests still make one follow-up', async () => {
    const { client } = await user();
    await Promise.all(
      [61, 62, 63, 64, 65].map((mgdl, i) => importReadings(client, [{ at: minutesAgo(i), mgdl }])),
    );
    expect(await followUps(client)).toHaveLength(1);
    expect(await notifications(client)).toHaveLength(1);
  });

  it('old lows from an import start nothing; an import whose latest reading is back in range neither', async () => {
    const { client } = await user();
    await importReadings(client, [
      { at: minutesAgo(24 * 60), mgdl: 50 },
      { at: minutesAgo(24 * 60 - 5), mgdl: 52 },
    ]);
    await importReadings(client, [
      { at: minutesAgo(20), mgdl: 60 },
      { at: minutesAgo(5), mgdl: 95 },
    ]);
    expect(await followUps(client)).toEqual([]);
  });

  it('a later urgent low makes the running follow-up urgent once; a reading flapping around 70 resumes it', async () => {
    const { client } = await user();
    await importReadings(client, [{ at: minutesAgo(10), mgdl: 66 }]);
    await importReadings(client, [{ at: minutesAgo(5), mgdl: 50 }]);
    await importReadings(client, [{ at: minutesAgo(4), mgdl: 48 }]);
    const [f] = await followUps(client);
    expect(f).toMatchObject({ status: 'active', urgent: true });
    expect((await notifications(client)).map((x) => x.title)).toEqual(['Urgent low glucose', 'Low glucose']);
    await importReadings(client, [{ at: minutesAgo(3), mgdl: 72 }]);
    expect((await followUps(client))[0]).toMatchObject({ status: 'recovered' });
    await importReadings(client, [{ at: minutesAgo(2), mgdl: 68 }]);
    const all = await followUps(client);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ id: f.id, status: 'active' });
    expect(await notifications(client)).toHaveLength(2);
  });
});

describe('hypo follow-up: re-check and escalation (durable, by the scheduler)', () => {
  it('reminds to re-check at 15 minutes and escalates at 30 when no reading came; each step once', async () => {
    const { client, userId, heard } = await user();
    await logGlucose(client, 60);
    const [f] = await followUps(client);
    expect(await scheduler().runOnce(later(14))).not.toContainEqual(expect.objectContaining({ id: f.id }));
    // A new scheduler each time: what is due lives in the database, so a restart loses nothing.
    expect(await scheduler().runOnce(later(15.1))).toContainEqual({ id: f.id, step: 'recheck' });
    expect(await scheduler().runOnce(later(16))).not.toContainEqual(expect.objectContaining({ id: f.id }));
    const reminder = (await notifications(client))[0]!;
    expect(reminder).toMatchObject({ title: 'Re-check your glucose', priority: 'high' });
    expect(await scheduler().runOnce(later(30.1))).toContainEqual({ id: f.id, step: 'escalated' });
    expect(await scheduler().runOnce(later(31))).not.toContainEqual(expect.objectContaining({ id: f.id }));
    const escalation = (await notifications(client))[0]!;
    expect(escalation).toMatchObject({ title: 'Low glucose not resolved', priority: 'urgent' });
    expect((await followUps(client))[0]).toMatchObject({ status: 'escalated' });
    await settle();
    for (const id of [reminder.id, escalation.id])
      expect(heard).toContainEqual({ userId, event: 'notification.created', id });
    expect(await audit(userId)).toEqual([
      'create hypo_follow_up',
      'update hypo_follow_up recheck_reminder',
      'escalate hypo_follow_up escalated',
      'escalate hypo_follow_up caregivers',
    ]);
  });

  it('escalates when the re-check is still low, and ends quietly when it is back in range', async () => {
    const low = await user();
    await logGlucose(low.client, 62);
    await scheduler().runOnce(later(15.1));
    await logGlucose(low.client, 64, minutesAgo(-1));
    await scheduler().runOnce(later(30.1));
    expect((await followUps(low.client))[0]).toMatchObject({ status: 'escalated' });

    const ok = await user();
    await logGlucose(ok.client, 62);
    await logGlucose(ok.client, 90, minutesAgo(-1));
    expect((await followUps(ok.client))[0]).toMatchObject({ status: 'recovered' });
    await scheduler().runOnce(later(31));
    expect((await notifications(ok.client)).map((x) => x.title)).toEqual(['Low glucose']);
  });

  it('alerts the caregivers chosen in sharing (and nobody else), by email with the value and time', async () => {
    const { client } = await user();
    await client.patch('/api/v1/profile', { displayName: 'Hana', timezone: 'UTC' });
    const invite = (email: string, alertOnLow: boolean) =>
      client.post('/api/v1/shares', { email, name: email.split('@')[0], alertOnLow });
    expect((await invite('carer@example.com', true)).status).toBe(201);
    expect((await invite('friend@example.com', false)).status).toBe(201);
    const revoked = await (await invite('former@example.com', true)).json();
    expect((await client.post(`/api/v1/shares/${revoked.id}/revoke`)).status).toBe(200);
    expect((await (await client.get('/api/v1/hypo/settings')).json()).alertRecipients).toEqual([
      { email: 'carer@example.com', name: 'carer' },
    ]);
    await logGlucose(client, 58);
    const [f] = await followUps(client);
    await scheduler().runOnce(later(15.1));
    smtp.messages.length = 0;
    await scheduler().runOnce(later(30.1));
    const alerted = smtp.messages.filter((m) => subjectOf(m.raw) === 'Urgent: Hana has low glucose');
    expect(alerted.map((m) => m.to)).toEqual([['carer@example.com']]);
    expect(textBody(alerted[0]!.raw)).toContain("Hana's glucose was 58 mg/dL (Low) at");
    const stored = await server.deps.db.asSystem((tx) =>
      tx.execute<{ caregivers_alerted_at: Date | null }>(
        sql`select caregivers_alerted_at from hypo_follow_ups where id = ${f.id}`,
      ),
    );
    expect(stored.rows[0]?.caregivers_alerted_at).not.toBeNull();
  });
});

describe('hypo follow-up: the switch, the calculator start, isolation', () => {
  it('deleting the low reading that started a follow-up stops it: a mistake pages nobody', async () => {
    const { client, userId } = await user();
    await logGlucose(client, 45);
    const [entry] = (await (await client.get('/api/v1/entries?tracker=blood-glucose')).json()).items;
    expect((await client.delete(`/api/v1/entries/${entry.id}`)).status).toBe(204);
    const [f] = await followUps(client);
    expect(f).toMatchObject({ status: 'stopped' });
    expect(await scheduler().runOnce(later(31))).not.toContainEqual(expect.objectContaining({ id: f.id }));
    expect((await audit(userId)).at(-1)).toBe('update hypo_follow_up reading_deleted');
  });

  it('off: a low starts nothing, and turning it off stops the running one; both audited', async () => {
    const { client, userId } = await user();
    expect(await (await client.get('/api/v1/hypo/settings')).json()).toEqual({
      enabled: true,
      alertRecipients: [],
    });
    await logGlucose(client, 60);
    expect((await client.put('/api/v1/hypo/settings', { enabled: false })).status).toBe(200);
    expect((await followUps(client))[0]).toMatchObject({ status: 'stopped' });
    await scheduler().runOnce(later(31));
    expect((await notifications(client)).map((x) => x.title)).toEqual(['Low glucose']);
    await logGlucose(client, 55, minutesAgo(-1));
    expect(await followUps(client)).toHaveLength(1);
    expect(await audit(userId)).toEqual([
      'create hypo_follow_up',
      'update hypo_settings',
      'update hypo_follow_up stopped',
    ]);
    expect((await client.put('/api/v1/hypo/settings', { enabled: 'no' })).status).toBe(400);
  });

  it("the calculator's start logs the low and starts one follow-up, even when switched off; not for 70", async () => {
    const { client } = await user();
    await client.put('/api/v1/hypo/settings', { enabled: false });
    const first = await client.post('/api/v1/hypo/follow-ups', { glucoseMgdl: 64 });
    expect(first.status).toBe(201);
    const again = await client.post('/api/v1/hypo/follow-ups', { glucoseMgdl: 63 });
    expect(again.status).toBe(200);
    expect((await again.json()).id).toBe((await first.json()).id);
    const logged = await (await client.get('/api/v1/entries?tracker=blood-glucose')).json();
    expect(logged.items.map((e: { data: { glucose: number } }) => e.data.glucose)).toEqual([63, 64]);
    const refused = await client.post('/api/v1/hypo/follow-ups', { glucoseMgdl: 70 });
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors[0].path).toBe('glucoseMgdl');
  });

  it("another user's follow-up answers 404 and never shows in a list", async () => {
    const alice = await user();
    const mallory = await user();
    await logGlucose(alice.client, 61);
    const [f] = await followUps(alice.client);
    expect((await mallory.client.get(`/api/v1/hypo/follow-ups/${f.id}`)).status).toBe(404);
    expect((await alice.client.get(`/api/v1/hypo/follow-ups/${f.id}`)).status).toBe(200);
    expect(await followUps(mallory.client)).toEqual([]);
    // Row-level security alone: an unfiltered query in Mallory's scope sees none of Alice's rows.
    const leaked = await server.deps.db.asUser(mallory.userId, (tx) =>
      tx.execute<{ n: number }>(sql`select count(*)::int as n from hypo_follow_ups`),
    );
    expect(leaked.rows[0]?.n).toBe(0);
    const signedOut = server.client();
    expect((await signedOut.get('/api/v1/hypo/settings')).status).toBe(401);
    expect((await signedOut.post('/api/v1/hypo/follow-ups', { glucoseMgdl: 60 })).status).toBe(401);
  });
});
