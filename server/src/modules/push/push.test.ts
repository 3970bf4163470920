import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { actingFor, addPerson } from '../../../test/household';
import { type PushEndpoint, startPushEndpoint } from '../../../test/push-endpoint';
import { createOutboundClient, parseOutboundAllow } from '../../http/outbound';
import { createReminderScheduler } from '../../jobs/reminder-scheduler';
import { alertCaregivers } from '../hypo/caregiver-alerts';
import { createPushClient } from './push.client';

let push: PushEndpoint;
let server: TestServer;
let alice: TestClient;
let aliceId: string;
let bob: TestClient;
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

beforeAll(async () => {
  push = await startPushEndpoint();
  // The loopback push service is private (OUTBOUND_ALLOW admits it) and its CA is trusted here only.
  server = await createTestServer({ outboundCa: [push.ca] }, { OUTBOUND_ALLOW: push.origin });
  ({ client: alice, userId: aliceId } = await signUpAndSignIn(server, 'alice-push@example.com'));
  bob = (await signUpAndSignIn(server, 'bob-push@example.com')).client;
});
afterAll(async () => {
  await server.close();
  await push.close();
});

const subscribe = async (client: TestClient, name: string, extra: object = {}) => {
  const res = await client.post(
    '/api/v1/push/subscriptions',
    { ...push.subscription(name), ...extra },
    {
      'user-agent': CHROME,
    },
  );
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; deviceLabel: string };
};
const devices = async (client: TestClient) =>
  (await (await client.get('/api/v1/push/subscriptions')).json()).items;
const receivedBy = (name: string) => push.received.filter((r) => r.name === name);

const HOUR = 3_600_000;
const T = Date.now() + 24 * HOUR; // reminders are created before they fall due
const at = (hours: number) => new Date(T + hours * HOUR);

describe('alerts on this device', () => {
  it('turns alerts on per device, and a test reaches it encrypted and signed with the server’s VAPID key', async () => {
    const phone = await subscribe(alice, 'alice-phone');
    expect(phone.deviceLabel).toBe('Chrome on Linux');
    const laptop = await subscribe(alice, 'alice-laptop', { deviceLabel: 'Work laptop' });
    // The same browser subscribing again updates its row.
    const again = await alice.post('/api/v1/push/subscriptions', push.subscription('alice-phone'));
    expect(again.status).toBe(200);
    const list = await (await alice.get('/api/v1/push/subscriptions')).json();
    expect(list.publicKey).toBe(server.deps.config.vapid.publicKey);
    expect(list.items.map((d: { id: string }) => d.id)).toEqual([phone.id, laptop.id]);
    expect(list.items[0]).toMatchObject({ showValues: false, lastSuccessAt: null });
    expect(Object.values(list.items[0].kinds).every(Boolean)).toBe(true);

    const res = await alice.post(`/api/v1/push/subscriptions/${phone.id}/test`);
    expect(await res.json()).toEqual({ delivered: true });
    expect(push.errors).toEqual([]);
    const [got] = receivedBy('alice-phone');
    expect(got!.payload).toEqual({
      kind: 'reminder',
      title: 'Healthfolio',
      body: 'Alerts reach this device.',
      url: '/dashboard/settings',
      urgent: false,
      tag: 'test',
    });
    expect(got!.vapidKey).toBe(list.publicKey);
    expect(got!.claims.sub).toBe(server.deps.config.vapid.subject);
    expect((await devices(alice))[0].lastSuccessAt).not.toBeNull();
    expect(receivedBy('alice-laptop')).toEqual([]);
  });

  it('keeps each person’s devices theirs (404), and admits only public https push addresses', async () => {
    const [phone] = await devices(alice);
    expect((await bob.get('/api/v1/push/subscriptions')).status).toBe(200);
    expect(await devices(bob)).toEqual([]);
    expect((await bob.patch(`/api/v1/push/subscriptions/${phone.id}`, { showValues: true })).status).toBe(
      404,
    );
    expect((await bob.post(`/api/v1/push/subscriptions/${phone.id}/test`)).status).toBe(404);
    expect((await bob.delete(`/api/v1/push/subscriptions/${phone.id}`)).status).toBe(404);
    expect((await devices(alice))[0]).toEqual(phone);

    const keys = push.subscription('unused').keys;
    const privateAddress = await alice.post('/api/v1/push/subscriptions', {
      endpoint: 'https://10.1.2.3/push/x',
      keys,
    });
    expect(privateAddress.status).toBe(422);
    expect((await privateAddress.json()).code).toBe('push_address_blocked');
    const plain = await alice.post('/api/v1/push/subscriptions', { endpoint: 'http://push.example/x', keys });
    expect(plain.status).toBe(400);
    expect((await devices(alice)).length).toBe(2);
  });

  it('a device turned on while acting for someone is the guardian’s own', async () => {
    const { client: dad } = await signUpAndSignIn(server, 'dad-push@example.com');
    const mia = await addPerson(dad, 'Mia');
    const phone = await subscribe(dad, 'dad-phone');
    const asMia = actingFor(dad, mia);
    const tablet = await asMia.post('/api/v1/push/subscriptions', push.subscription('dad-tablet'));
    expect(tablet.status).toBe(201);
    // Both devices are listed for Dad whoever he is showing, and his own test reaches the tablet.
    const ids = [phone.id, (await tablet.json()).id];
    expect((await devices(dad)).map((d: { id: string }) => d.id)).toEqual(ids);
    expect(
      (await (await asMia.get('/api/v1/push/subscriptions')).json()).items.map((d: { id: string }) => d.id),
    ).toEqual(ids);
    expect(await (await dad.post(`/api/v1/push/subscriptions/${ids[1]}/test`)).json()).toEqual({
      delivered: true,
    });
  });

  it('sends nothing to a push service whose certificate is not trusted', async () => {
    const untrusting = createPushClient(
      server.deps.config.vapid,
      createOutboundClient(parseOutboundAllow(push.origin)),
    );
    const { endpoint, keys } = push.subscription('elsewhere');
    const target = { endpoint, ...keys };
    const before = push.received.length;
    expect((await untrusting.deliver(target, '{}', { urgent: false, ttlSeconds: 60 })).outcome).toBe(
      'failed',
    );
    expect(push.received.length).toBe(before);
  });
});

describe('what is pushed', () => {
  it('pushes a due reminder to the devices that want it, with its words only where values are allowed', async () => {
    const [phone, laptop] = await devices(alice);
    await alice.patch(`/api/v1/push/subscriptions/${laptop.id}`, { showValues: true });
    const res = await alice.post('/api/v1/notifications', {
      type: 'reminder',
      title: 'Take Metformin 500 mg',
      content: 'With breakfast',
      dueDate: at(1).toISOString(),
    });
    expect(res.status).toBe(201);
    push.received.length = 0;
    await createReminderScheduler(server.deps).runOnce(at(1));
    const onPhone = receivedBy('alice-phone')[0]!.payload;
    expect(onPhone).toMatchObject({ kind: 'reminder', title: 'Reminder', body: 'A reminder is due.' });
    // Not in what the lock screen shows (the tag is an id, so only title and body are read).
    expect(`${onPhone.title} ${onPhone.body}`).not.toMatch(/Metformin|500/);
    expect(receivedBy('alice-laptop')[0]!.payload).toMatchObject({
      title: 'Take Metformin 500 mg',
      body: 'With breakfast',
      url: '/dashboard/notifications',
    });

    // Reminders switched off on the phone: the next one reaches the laptop only.
    const off = await alice.patch(`/api/v1/push/subscriptions/${phone.id}`, { kinds: { reminder: false } });
    expect((await off.json()).kinds).toMatchObject({ reminder: false, medication_reminder: true });
    await alice.post('/api/v1/notifications', {
      type: 'reminder',
      title: 'Stretch',
      content: 'Five minutes',
      dueDate: at(2).toISOString(),
    });
    push.received.length = 0;
    await createReminderScheduler(server.deps).runOnce(at(2));
    expect(push.received.map((r) => r.name)).toEqual(['alice-laptop']);
  });

  it('tells a caregiver’s device the person’s name and "Urgent low", the value only where allowed', async () => {
    await alice.patch('/api/v1/profile', { displayName: 'Alice' });
    const bobPhone = await subscribe(bob, 'bob-phone');
    push.received.length = 0;
    const alert = {
      ownerId: aliceId,
      followUpId: crypto.randomUUID(),
      valueMgdl: 47,
      readingAt: new Date(Date.now() - 40 * 60_000),
    };
    const bobAccount = async () => [{ email: 'bob-push@example.com', name: 'Bob' }];
    expect(await alertCaregivers(server.deps, alert, bobAccount)).toBe(1);
    const shown = receivedBy('bob-phone')[0]!.payload;
    expect(shown).toMatchObject({ kind: 'caregiver_alert', title: 'Urgent low: Alice', urgent: true });
    expect(`${shown.title} ${shown.body}`).not.toMatch(/47/);

    await bob.patch(`/api/v1/push/subscriptions/${bobPhone.id}`, { showValues: true });
    push.received.length = 0;
    await alertCaregivers(server.deps, alert, bobAccount);
    expect(receivedBy('bob-phone')[0]!.payload.body).toMatch(/47 mg\/dL/);
  });

  it('pushes the alarm of a low reading as it is logged to the person’s own devices, without their name (not the follow-up’s alert too), the value only where allowed', async () => {
    push.received.length = 0;
    const res = await alice.post('/api/v1/entries', {
      tracker: 'blood-glucose',
      occurredAt: new Date(Date.now() - 2 * 60_000).toISOString(),
      data: { glucose: 49 },
    });
    expect(res.status).toBe(201);
    const onPhone = receivedBy('alice-phone')[0]!.payload;
    expect(onPhone).toMatchObject({ kind: 'glucose_alarm', title: 'Urgent low', urgent: true });
    expect(push.received.map((r) => r.payload.kind)).toEqual(['glucose_alarm', 'glucose_alarm']);
    expect(`${onPhone.title} ${onPhone.body}`).not.toMatch(/49/);
    expect(receivedBy('alice-laptop')[0]!.payload.body).toMatch(/49 mg\/dL/);
  });

  it('drops a subscription the push service says is gone (410)', async () => {
    const [phone, laptop] = await devices(alice);
    push.markGone('alice-phone');
    const res = await alice.post(`/api/v1/push/subscriptions/${phone.id}/test`);
    expect(await res.json()).toEqual({ delivered: false });
    expect((await devices(alice)).map((d: { id: string }) => d.id)).toEqual([laptop.id]);
    expect((await alice.post(`/api/v1/push/subscriptions/${phone.id}/test`)).status).toBe(404);
  });
});
