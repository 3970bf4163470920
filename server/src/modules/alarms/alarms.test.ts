import { DEFAULT_GLUCOSE_ALARM_SETTINGS } from '@healthfolio/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestServer,
  signUpAndSignIn,
  type TestClient,
  type TestResponse,
  type TestServer,
} from '../../../test/harness';
import { actingFor, addPerson } from '../../../test/household';
import { androidAps, type NsCredential, xdrip } from '../../../test/nightscout-apps';
import { type PushEndpoint, startPushEndpoint } from '../../../test/push-endpoint';

type Client = { get(p: string): Promise<TestResponse>; post(p: string, b?: unknown): Promise<TestResponse> };

import { createGlucoseAlarmScheduler } from '../../jobs/glucose-alarm-scheduler';
import { createHypoScheduler } from '../../jobs/hypo-follow-up-scheduler';

let push: PushEndpoint;
let server: TestServer;
let mum: TestClient;
let dad: { client: TestClient; userId: string };
let bob: TestClient;
let miaId: string;
let mia: ReturnType<typeof actingFor>;
let miaUploader: ReturnType<typeof xdrip>;

const MIN = 60_000;
const later = (minutes: number) => new Date(Date.now() + minutes * MIN);
const scheduler = () => createGlucoseAlarmScheduler(server.deps);
const receivedBy = (name: string) => push.received.filter((r) => r.name === name).map((r) => r.payload);
const upload = (mgdl: number, agoMinutes = 0) => {
  const date = Date.now() - agoMinutes * MIN;
  return miaUploader.post('entries', [
    { type: 'sgv', sgv: mgdl, date, dateString: new Date(date).toISOString(), device: 'xDrip' },
  ]);
};
const history = async (as: Client = mia) => (await (await as.get('/api/v1/glucose/alarms')).json()).items;
const subscribe = async (as: Client, name: string) => {
  const res = await as.post('/api/v1/push/subscriptions', push.subscription(name));
  expect(res.status).toBe(201);
  return (await res.json()).id as string;
};

beforeAll(async () => {
  push = await startPushEndpoint();
  server = await createTestServer({ outboundCa: [push.ca] }, { OUTBOUND_ALLOW: push.origin });
  mum = (await signUpAndSignIn(server, 'alarm-mum@example.com')).client;
  miaId = await addPerson(mum, 'Mia');
  mia = actingFor(mum, miaId);
  dad = await signUpAndSignIn(server, 'alarm-dad@example.com');
  await dad.client.patch('/api/v1/profile', { displayName: 'Dad', emailReminders: true });
  await server.deps.db.asSystem((tx) =>
    tx.execute(sql`insert into guardianships (person_id, guardian_id) values (${miaId}, ${dad.userId})`),
  );
  bob = (await signUpAndSignIn(server, 'alarm-bob@example.com')).client;
  const made = await mia.post('/api/v1/devices/nightscout/credentials', { name: 'Mia’s phone' });
  miaUploader = xdrip(server, (await made.json()) as NsCredential);
  // Mia's phone (set up by Mum for her) and Dad's phone, which shows values on its lock screen.
  await subscribe(mia, 'mia-phone');
  const dadPhone = await subscribe(dad.client, 'dad-phone');
  await dad.client.patch(`/api/v1/push/subscriptions/${dadPhone}`, { showValues: true });
  // A caregiver Mia's guardians chose to be sent urgent lows.
  expect(
    (await mia.post('/api/v1/shares', { email: 'carol-alarm@example.com', alertOnLow: true })).status,
  ).toBe(201);
});
afterAll(async () => {
  await server.close();
  await push.close();
});

describe('glucose alarms judged on the server', () => {
  it('a Nightscout upload of 50 mg/dL reaches Mia’s and her guardian’s devices, once, the value only where allowed', async () => {
    push.received.length = 0;
    expect((await upload(50)).status).toBe(200);
    await server.deps.background.settled();
    const [onMia] = receivedBy('mia-phone');
    expect(onMia).toMatchObject({ kind: 'glucose_alarm', title: 'Urgent low: Mia', urgent: true });
    expect(`${onMia.title} ${onMia.body}`).not.toMatch(/50/);
    const [onDad] = receivedBy('dad-phone');
    expect(onDad.title).toBe('Urgent low: Mia');
    expect(onDad.body).toContain("Mia's glucose was 50 mg/dL (Urgent low)");
    // What to do is said to the guardian, for Mia: not "Take 15 g…" as if the low were Dad's.
    expect(onDad.body).toContain('Give Mia 15 g of fast-acting carbs now');
    expect(onDad.body).toContain('If Mia cannot eat or drink');
    expect(onDad.body).not.toMatch(/\bTake 15 g\b|\bIf you\b/);
    // The alarm replaces the follow-up's first low push: one reading, one push per device.
    expect(push.received.length).toBe(2);

    // The same episode is not raised again by the next low reading.
    push.received.length = 0;
    await upload(49);
    await server.deps.background.settled();
    expect(push.received).toEqual([]);
    const [alarm] = await history();
    expect(alarm).toMatchObject({
      kind: 'urgent_low',
      valueMgdl: 50,
      active: true,
      delivered: { pushDevices: 2, inApp: true },
    });
    // Dad, acting for Mia, sees the same history; nobody else does.
    expect((await history(actingFor(dad.client, miaId)))[0].id).toBe(alarm.id);
    expect((await bob.get('/api/v1/glucose/alarms')).status).toBe(200);
    expect(await history(bob)).toEqual([]);
    expect((await bob.post(`/api/v1/glucose/alarms/${alarm.id}/acknowledge`)).status).toBe(404);
  });

  it('an urgent low nobody acknowledged in 15 minutes goes to the guardians and the marked caregiver', async () => {
    const [alarm] = await history();
    push.received.length = 0;
    expect(await scheduler().runOnce(later(14))).toEqual([]);
    const done = await scheduler().runOnce(later(16));
    expect(done).toContainEqual({ userId: miaId, step: 'escalated', kind: 'urgent_low' });
    const [toDad] = receivedBy('dad-phone');
    expect(toDad).toMatchObject({ title: 'Urgent low: Mia', urgent: true });
    expect(toDad.body).toContain('Nobody has acknowledged the alarm for 15 minutes');
    const [after] = await history();
    expect(after.id).toBe(alarm.id);
    expect(after.escalatedAt).not.toBeNull();
    // Dad (a guardian getting email) and Carol (the caregiver) are emailed.
    expect(after.delivered.emails).toBe(2);
    // Once only.
    expect(await scheduler().runOnce(later(17))).toEqual([]);
  });

  it('a snooze on Dad’s phone silences every device, caps an urgent low at 30 minutes, and re-raises when it ends', async () => {
    const dadForMia = actingFor(dad.client, miaId);
    const [alarm] = await history();
    const tooLong = await dadForMia.post(`/api/v1/glucose/alarms/${alarm.id}/snooze`, { minutes: 60 });
    expect(tooLong.status).toBe(400);
    expect(tooLong.headers.get('content-type')).toContain('application/problem+json');
    expect((await tooLong.json()).code).toBe('snooze_too_long');
    const bad = await dadForMia.post(`/api/v1/glucose/alarms/${alarm.id}/snooze`, { minutes: 'soon' });
    expect(bad.status).toBe(400);
    expect((await history())[0].snoozedUntil).toBeNull();

    push.received.length = 0;
    const res = await dadForMia.post(`/api/v1/glucose/alarms/${alarm.id}/snooze`, { minutes: 15 });
    expect(res.status).toBe(200);
    const snoozed = await res.json();
    expect(snoozed).toMatchObject({ acknowledgedBy: 'Dad' });
    expect(Date.parse(snoozed.snoozedUntil) - Date.now()).toBeGreaterThan(14 * MIN);
    // Every device's notice is replaced quietly.
    for (const name of ['mia-phone', 'dad-phone']) {
      const [quiet] = receivedBy(name);
      expect(quiet).toMatchObject({ title: 'Urgent low: Mia', silent: true, urgent: false });
      expect(quiet.body).toMatch(/^Snoozed by Dad until/);
    }
    push.received.length = 0;
    await upload(48);
    await server.deps.background.settled();
    expect(push.received).toEqual([]);

    // Still low when the snooze runs out: raised again, on every device.
    const done = await scheduler().runOnce(later(16));
    expect(done).toContainEqual({ userId: miaId, step: 'raised_again', kind: 'urgent_low' });
    expect(receivedBy('mia-phone')[0]).toMatchObject({ title: 'Urgent low: Mia', urgent: true });
    expect(receivedBy('dad-phone')).toHaveLength(1);
    const [again, first] = await history();
    expect(again).toMatchObject({ kind: 'urgent_low', active: true, acknowledgedAt: null });
    expect(first).toMatchObject({ id: alarm.id, active: false, acknowledgedBy: 'Dad' });
  });

  it('a reading back in range ends the alarm; no recent readings raises after the chosen window, held back in quiet hours', async () => {
    await upload(110);
    await server.deps.background.settled();
    expect((await history()).filter((a: { active: boolean }) => a.active)).toEqual([]);
    const ack = await mia.post(`/api/v1/glucose/alarms/${(await history())[0].id}/acknowledge`);
    expect(ack.status).toBe(409);

    const dadPhone = (await (await dad.client.get('/api/v1/push/subscriptions')).json()).items[0].id;
    // Quiet from 10 to 30 minutes from now (UTC), whatever the time of day: the stale alarm below is
    // raised 15 minutes from now, inside them, even when a run crosses midnight.
    const hhmm = (d: Date) => d.toISOString().slice(11, 16);
    const quiet = { start: hhmm(later(10)), end: hhmm(later(30)), timeZone: 'UTC' };
    const set = await dad.client.patch(`/api/v1/push/subscriptions/${dadPhone}`, { quietHours: quiet });
    expect((await set.json()).quietHours).toEqual(quiet);
    const settings = { ...DEFAULT_GLUCOSE_ALARM_SETTINGS, staleMinutes: 15 };
    expect((await mia.put('/api/v1/glucose/alarms/settings', settings)).status).toBe(200);
    const badSettings = await mia.put('/api/v1/glucose/alarms/settings', { ...settings, lowMgdl: 50 });
    expect(badSettings.status).toBe(400);
    expect((await (await mia.get('/api/v1/glucose/alarms/settings')).json()).staleMinutes).toBe(15);

    push.received.length = 0;
    expect(await scheduler().runOnce(later(14))).toEqual([]);
    expect(await scheduler().runOnce(later(15))).toContainEqual({
      userId: miaId,
      step: 'raised',
      kind: 'stale',
    });
    expect(receivedBy('mia-phone')[0]).toMatchObject({ title: 'No recent readings: Mia', urgent: false });
    expect(receivedBy('dad-phone')).toEqual([]);
    expect(await scheduler().runOnce(later(20))).toEqual([]);
    // A reading arriving ends it.
    await upload(112);
    expect((await history()).filter((a: { active: boolean }) => a.active)).toEqual([]);
  });
});

describe('a deleted reading ends the alarm it raised', () => {
  type Alarm = { kind: string; active: boolean };
  const open = async (as: Client) => (await history(as)).filter((a: Alarm) => a.active);

  it('deleting a logged urgent low ends its alarm once the readings left no longer say so', async () => {
    const { client, userId } = await signUpAndSignIn(server, 'alarm-ann@example.com');
    const log = async (glucose: number, agoMinutes: number) =>
      (
        await client.post('/api/v1/entries', {
          tracker: 'blood-glucose',
          occurredAt: new Date(Date.now() - agoMinutes * MIN).toISOString(),
          data: { glucose },
        })
      ).json();
    await log(52, 10);
    const mistake = await log(40, 0);
    expect((await open(client)).map((a: Alarm) => a.kind)).toEqual(['urgent_low']);
    // The reading left (52) is still urgently low: the alarm stays.
    expect((await client.delete(`/api/v1/entries/${mistake.id}`)).status).toBe(204);
    expect((await open(client)).map((a: Alarm) => a.kind)).toEqual(['urgent_low']);
    const [first] = (await (await client.get('/api/v1/entries?tracker=blood-glucose')).json()).items;
    expect((await client.delete(`/api/v1/entries/${first.id}`)).status).toBe(204);
    expect(await open(client)).toEqual([]);
    // Ended, not forgotten: the history keeps it, and nothing escalates it any more.
    expect(await history(client)).toMatchObject([{ kind: 'urgent_low', active: false }]);
    expect(await scheduler().runOnce(later(16))).not.toContainEqual(expect.objectContaining({ userId }));
  });

  it('a Nightscout app deleting its uploaded low ends the alarm and stops the low follow-up', async () => {
    const leoId = await addPerson(mum, 'Leo');
    const leo = actingFor(mum, leoId);
    const made = await leo.post('/api/v1/devices/nightscout/credentials', { name: 'Leo’s phone' });
    const credential = (await made.json()) as NsCredential;
    const app = xdrip(server, credential);
    const followUps = async () =>
      (await (await leo.get('/api/v1/hypo/follow-ups')).json()).items.map(
        (f: { status: string }) => f.status,
      );
    const at = Date.now() - 2 * MIN;
    await app.post('entries', [
      { type: 'sgv', sgv: 45, date: at, dateString: new Date(at).toISOString(), device: 'xDrip' },
    ]);
    expect((await open(leo)).map((a: Alarm) => a.kind)).toEqual(['urgent_low']);
    expect(await followUps()).toEqual(['active']);
    const res = await app.delete(`entries/sgv.json?find[date][$gte]=${at - 1}&find[date][$lte]=${at + 1}`);
    expect(await res.json()).toMatchObject({ deletedCount: 1 });
    expect(await open(leo)).toEqual([]);
    // Nobody is reminded or paged about a reading that is gone.
    expect(await followUps()).toEqual(['stopped']);
    const hypo = createHypoScheduler(server.deps);
    expect(await hypo.runOnce(later(31))).not.toContainEqual(expect.objectContaining({ step: 'recheck' }));

    // API v3 deletes one reading by its identifier: the same.
    const again = Date.now();
    await app.post('entries', [
      { type: 'sgv', sgv: 48, date: again, dateString: new Date(again).toISOString(), device: 'xDrip' },
    ]);
    expect(await followUps()).toEqual(['active', 'stopped']);
    const [reading] = (await (await leo.get('/api/v1/glucose/readings?limit=1')).json()).items;
    const aaps = await androidAps(server, credential);
    expect((await aaps.call('DELETE', `v3/entries/${reading.id}`)).status).toBe(200);
    expect(await followUps()).toEqual(['stopped', 'stopped']);
    expect(await open(leo)).toEqual([]);
  });
});

describe('one episode, one escalation email per caregiver and guardian', () => {
  /** The subjects of the low alerts emailed to an address (its invitation left out). */
  const lowAlertsTo = async (address: string) =>
    (
      await server.deps.db.asSystem((tx) =>
        tx.execute<{ subject: string }>(
          sql`select subject from mail_outbox where to_address = ${address} and subject like '%low%' order by created_at`,
        ),
      )
    ).rows.map((r) => r.subject);

  /** A guardian getting email, and their ward, whose urgent low is logged now (the episode's start). */
  const wardWithUrgentLow = async (guardianEmail: string, ward: string) => {
    const { client } = await signUpAndSignIn(server, guardianEmail);
    await client.patch('/api/v1/profile', { displayName: 'Gwen', emailReminders: true });
    const wardId = await addPerson(client, ward);
    const person = actingFor(client, wardId);
    const logged = await person.post('/api/v1/entries', {
      tracker: 'blood-glucose',
      occurredAt: new Date().toISOString(),
      data: { glucose: 45 },
    });
    expect(logged.status).toBe(201);
    return person;
  };

  it('a guardian gets the alarm’s escalation at 15 minutes, once though also a caregiver, and not the follow-up’s again at 30', async () => {
    const zoe = await wardWithUrgentLow('alarm-gwen@example.com', 'Zoe');
    // Gwen is also a caregiver of Zoe's marked "alert on low": still one email.
    expect(
      (await zoe.post('/api/v1/shares', { email: 'alarm-gwen@example.com', alertOnLow: true })).status,
    ).toBe(201);
    const firstAlert = await lowAlertsTo('alarm-gwen@example.com');
    expect(await scheduler().runOnce(later(16))).toContainEqual(
      expect.objectContaining({ step: 'escalated', kind: 'urgent_low' }),
    );
    expect(await lowAlertsTo('alarm-gwen@example.com')).toEqual([...firstAlert, 'Urgent low: Zoe']);
    const followUps = createHypoScheduler(server.deps);
    await followUps.runOnce(later(15.1));
    expect(await followUps.runOnce(later(30.1))).toContainEqual(
      expect.objectContaining({ step: 'escalated' }),
    );
    expect(await lowAlertsTo('alarm-gwen@example.com')).toEqual([...firstAlert, 'Urgent low: Zoe']);
  });

  it('and when the follow-up escalated first (the low turned urgent later), the alarm’s escalation emails nobody again', async () => {
    const { client } = await signUpAndSignIn(server, 'alarm-hal@example.com');
    await client.patch('/api/v1/profile', { displayName: 'Hal', emailReminders: true });
    const wardId = await addPerson(client, 'Ivy');
    const ivy = actingFor(client, wardId);
    expect(
      (await ivy.post('/api/v1/shares', { email: 'carol-ivy@example.com', alertOnLow: true })).status,
    ).toBe(201);
    const log = (glucose: number) =>
      ivy.post('/api/v1/entries', {
        tracker: 'blood-glucose',
        occurredAt: new Date().toISOString(),
        data: { glucose },
      });
    // A low (not urgent) starts the follow-up, which escalates at 30 minutes: Hal and Carol are emailed.
    expect((await log(62)).status).toBe(201);
    const followUps = createHypoScheduler(server.deps);
    await followUps.runOnce(later(15.1));
    expect(await followUps.runOnce(later(30.1))).toContainEqual(
      expect.objectContaining({ step: 'escalated' }),
    );
    expect(await lowAlertsTo('carol-ivy@example.com')).toEqual(['Urgent: Ivy has low glucose']);
    // Then the low turns urgent (the schedulers' clock runs ahead of the writes', so this reading
    // comes after the follow-up's escalation): its alarm's escalation, 15 minutes on, pushes but
    // emails neither of them again.
    expect((await log(50)).status).toBe(201);
    const guardian = await lowAlertsTo('alarm-hal@example.com');
    expect(guardian).toContain("Ivy's low glucose is not resolved");
    expect(await scheduler().runOnce(later(16))).toContainEqual(
      expect.objectContaining({ step: 'escalated', kind: 'urgent_low' }),
    );
    expect(await lowAlertsTo('alarm-hal@example.com')).toEqual(guardian);
    expect(await lowAlertsTo('carol-ivy@example.com')).toEqual(['Urgent: Ivy has low glucose']);
  });

  it('the low follow-up’s escalation at 30 minutes skips the caregiver the urgent low alarm warned at 15', async () => {
    const { client } = await signUpAndSignIn(server, 'alarm-tom@example.com');
    await client.patch('/api/v1/profile', { displayName: 'Tom' });
    const invite = (email: string) => client.post('/api/v1/shares', { email, alertOnLow: true });
    expect((await invite('carol-tom@example.com')).status).toBe(201);
    const logged = await client.post('/api/v1/entries', {
      tracker: 'blood-glucose',
      occurredAt: new Date().toISOString(),
      data: { glucose: 45 },
    });
    expect(logged.status).toBe(201);
    expect(await scheduler().runOnce(later(16))).toContainEqual(
      expect.objectContaining({ step: 'escalated', kind: 'urgent_low' }),
    );
    expect(await lowAlertsTo('carol-tom@example.com')).toEqual(['Urgent low: Tom']);
    // Dan is chosen after the alarm's escalation: he was not warned yet, so the follow-up tells him.
    expect((await invite('dan-tom@example.com')).status).toBe(201);
    const followUps = createHypoScheduler(server.deps);
    await followUps.runOnce(later(15.1));
    await followUps.runOnce(later(30.1));
    expect(await lowAlertsTo('carol-tom@example.com')).toEqual(['Urgent low: Tom']);
    expect(await lowAlertsTo('dan-tom@example.com')).toEqual(['Urgent: Tom has low glucose']);
  });
});
