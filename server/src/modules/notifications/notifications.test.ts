import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';

let server: TestServer;
let alice: TestClient;
let bob: TestClient;
let aliceId: string;
beforeAll(async () => {
  server = await createTestServer();
  ({ client: alice, userId: aliceId } = await signUpAndSignIn(server, 'alice-notify@example.com'));
  bob = (await signUpAndSignIn(server, 'bob-notify@example.com')).client;
});
afterAll(() => server.close());

const create = async (client: TestClient, body: Record<string, unknown>) => {
  const res = await client.post('/api/v1/notifications', body);
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
};
const counts = async (client: TestClient) => (await client.get('/api/v1/notifications/unread-counts')).json();

describe('creating notifications', () => {
  it('needs type, title and content, answering the form’s message for each', async () => {
    const res = await alice.post('/api/v1/notifications', { type: 'note', title: '' });
    expect(res.status).toBe(400);
    const problem = await res.json();
    expect(problem.errors).toEqual([
      { path: 'title', message: 'Please fill in all required fields' },
      { path: 'content', message: 'Please fill in all required fields' },
    ]);
  });

  it('refuses a due date on a note and a frequency on anything but a reminder', async () => {
    const note = await alice.post('/api/v1/notifications', {
      type: 'note',
      title: 't',
      content: 'c',
      dueDate: new Date().toISOString(),
    });
    expect(note.status).toBe(400);
    const freq = await alice.post('/api/v1/notifications', {
      type: 'notification',
      title: 't',
      content: 'c',
      reminderFrequency: 'daily',
    });
    expect((await freq.json()).errors[0].path).toBe('reminderFrequency');
  });

  it('stores a user item with sender "You", type user, priority medium, unread and not completed', async () => {
    const due = new Date(Date.now() + 3_600_000).toISOString();
    const n = await create(alice, {
      type: 'reminder',
      title: 'Call the clinic',
      content: 'Ask about results',
      dueDate: due,
      reminderFrequency: 'weekly',
    });
    expect(n).toMatchObject({
      type: 'reminder',
      senderName: 'You',
      senderType: 'user',
      recipientType: 'patient',
      priority: 'medium',
      dueDate: due,
      reminderFrequency: 'weekly',
      isRead: false,
      isCompleted: false,
    });
    expect(await (await alice.get(`/api/v1/notifications/${n.id}`)).json()).toEqual(n);
  });
});

describe('lists, tabs and unread counts', () => {
  it('lists by tab newest first with unread counts per tab, and pages with a cursor', async () => {
    const before = await counts(alice);
    const note = await create(alice, { type: 'note', title: 'Shopping', content: 'Test strips' });
    const task = await create(alice, { type: 'notification', title: 'Upload labs', content: 'PDF' });
    await alice.patch(`/api/v1/notifications/${note.id}`, { isRead: true });
    const after = await counts(alice);
    expect(after.all).toBe(before.all + 1);
    expect(after.actions).toBe(before.actions + 1);
    expect(after.notes).toBe(before.notes);

    const notes = await (await alice.get('/api/v1/notifications?tab=notes')).json();
    expect(notes.items.every((n: { type: string }) => n.type === 'note')).toBe(true);
    const actions = await (await alice.get('/api/v1/notifications?tab=actions')).json();
    expect(actions.items[0].id).toBe(task.id);

    const first = await (await alice.get('/api/v1/notifications?limit=1')).json();
    expect(first.items).toHaveLength(1);
    const second = await (await alice.get(`/api/v1/notifications?limit=1&cursor=${first.nextCursor}`)).json();
    expect(second.items[0].id).not.toBe(first.items[0].id);
    expect((await alice.get('/api/v1/notifications?limit=500')).status).toBe(400);
  });

  it('lists a task with a deadline at once; a reminder waits in the scheduled list, soonest first, page by page', async () => {
    const { client: dana } = await signUpAndSignIn(server, 'dana-notify@example.com');
    const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
    await create(dana, {
      type: 'notification',
      title: 'Send the form',
      content: 'By Friday',
      dueDate: inHours(48),
    });
    await create(dana, { type: 'reminder', title: 'Later', content: 'c', dueDate: inHours(5) });
    await create(dana, { type: 'reminder', title: 'Sooner', content: 'c', dueDate: inHours(2) });
    // The deadline is the task's, not when it arrives: it is listed and counted now.
    expect(await counts(dana)).toEqual({ all: 1, notes: 0, actions: 1, reminders: 0 });
    const all = await (await dana.get('/api/v1/notifications')).json();
    expect(all.items.map((n: { title: string }) => n.title)).toEqual(['Send the form']);

    const first = await (await dana.get('/api/v1/notifications?when=scheduled&limit=1')).json();
    expect(first.items.map((n: { title: string }) => n.title)).toEqual(['Sooner']);
    const next = await (
      await dana.get(`/api/v1/notifications?when=scheduled&limit=1&cursor=${first.nextCursor}`)
    ).json();
    expect(next.items.map((n: { title: string }) => n.title)).toEqual(['Later']);
    expect(next.nextCursor).toBeNull();
  });

  it('searches notes by title or content, case-insensitively, with % taken literally', async () => {
    await create(alice, { type: 'note', title: 'Insulin pens', content: 'Order 100% refill' });
    await create(alice, { type: 'note', title: 'Other', content: 'nothing here' });
    const hits = await (await alice.get('/api/v1/notifications?tab=notes&q=INSULIN')).json();
    expect(hits.items.map((n: { title: string }) => n.title)).toEqual(['Insulin pens']);
    const pct = await (
      await alice.get(`/api/v1/notifications?tab=notes&q=${encodeURIComponent('0%')}`)
    ).json();
    expect(pct.items.map((n: { title: string }) => n.title)).toEqual(['Insulin pens']);
  });
});

describe('read, complete, edit and delete', () => {
  it('completes a notification once; other types cannot be completed', async () => {
    const task = await create(alice, { type: 'notification', title: 'Refill', content: 'Pharmacy' });
    const done = await alice.patch(`/api/v1/notifications/${task.id}`, { isCompleted: true });
    expect(await done.json()).toMatchObject({ isCompleted: true });
    expect((await alice.patch(`/api/v1/notifications/${task.id}`, { isCompleted: true })).status).toBe(409);
    const note = await create(alice, { type: 'note', title: 'n', content: 'c' });
    const res = await alice.patch(`/api/v1/notifications/${note.id}`, { isCompleted: true });
    expect(res.status).toBe(400);
    expect((await res.json()).detail).toBe('Only notifications can be completed.');
  });

  it('edits notes only; a task cannot be deleted', async () => {
    const note = await create(alice, { type: 'note', title: 'Draft', content: 'v1' });
    const edited = await alice.patch(`/api/v1/notifications/${note.id}`, { title: 'Final', content: 'v2' });
    expect(await edited.json()).toMatchObject({ title: 'Final', content: 'v2' });
    const task = await create(alice, { type: 'notification', title: 't', content: 'c' });
    expect((await alice.patch(`/api/v1/notifications/${task.id}`, { title: 'x' })).status).toBe(400);
    expect((await alice.delete(`/api/v1/notifications/${task.id}`)).status).toBe(400);
    expect((await alice.delete(`/api/v1/notifications/${note.id}`)).status).toBe(204);
    expect((await alice.get(`/api/v1/notifications/${note.id}`)).status).toBe(404);
  });

  it('deletes a reminder the user set: gone from the list and the unread counts', async () => {
    const { client: erin } = await signUpAndSignIn(server, 'erin-notify@example.com');
    const r = await create(erin, { type: 'reminder', title: 'Stretch', content: 'Ten minutes' });
    expect(await counts(erin)).toMatchObject({ all: 1, reminders: 1 });
    expect((await erin.delete(`/api/v1/notifications/${r.id}`)).status).toBe(204);
    expect((await erin.get(`/api/v1/notifications/${r.id}`)).status).toBe(404);
    expect((await (await erin.get('/api/v1/notifications')).json()).items).toEqual([]);
    expect(await counts(erin)).toEqual({ all: 0, notes: 0, actions: 0, reminders: 0 });
  });

  it('keeps reminders someone else set (the system, a caregiver): 400 in words, and the reminder stays', async () => {
    const { notifier } = server.deps;
    const system = await notifier.send({
      userId: aliceId,
      type: 'reminder',
      title: 'Dose',
      content: 'Take it',
    });
    const caregiver = await notifier.send({
      userId: aliceId,
      type: 'reminder',
      title: 'Walk',
      content: 'With me',
      senderName: 'Sam',
      senderType: 'caregiver',
    });
    for (const n of [system, caregiver]) {
      const res = await alice.delete(`/api/v1/notifications/${n.id}`);
      expect(res.status).toBe(400);
      expect((await res.json()).detail).toBe('Only notes and reminders you set yourself can be deleted.');
      expect((await alice.get(`/api/v1/notifications/${n.id}`)).status).toBe(200);
    }
  });

  it('answers 404 when someone else deletes a person’s reminder, and it stays', async () => {
    const r = await create(alice, {
      type: 'reminder',
      title: 'Mine',
      content: 'c',
      reminderFrequency: 'daily',
    });
    expect((await bob.delete(`/api/v1/notifications/${r.id}`)).status).toBe(404);
    expect((await alice.get(`/api/v1/notifications/${r.id}`)).status).toBe(200);
  });

  it('answers 404 for another user’s item on read, update and delete, and leaves it untouched', async () => {
    const note = await create(alice, { type: 'note', title: 'Private', content: 'mine' });
    expect((await bob.get(`/api/v1/notifications/${note.id}`)).status).toBe(404);
    expect((await bob.patch(`/api/v1/notifications/${note.id}`, { isRead: true })).status).toBe(404);
    expect((await bob.patch(`/api/v1/notifications/${note.id}`, { title: 'owned' })).status).toBe(404);
    expect((await bob.delete(`/api/v1/notifications/${note.id}`)).status).toBe(404);
    const bobs = await (await bob.get('/api/v1/notifications?limit=200')).json();
    expect(bobs.items.map((n: { id: string }) => n.id)).not.toContain(note.id);
    expect(await (await alice.get(`/api/v1/notifications/${note.id}`)).json()).toMatchObject({
      title: 'Private',
      isRead: false,
    });
  });

  it('needs a session', async () => {
    expect((await server.client().get('/api/v1/notifications')).status).toBe(401);
  });
});

describe('live notification service', () => {
  it('applies the spec defaults; caregiver and platform helpers set recipient, type and priority', async () => {
    const { notifier } = server.deps;
    const n = await notifier.send({ userId: aliceId, title: 'Lab results ready', content: 'View them' });
    expect(n).toMatchObject({
      recipientType: 'patient',
      type: 'notification',
      priority: 'medium',
      senderType: 'system',
      dueDate: null,
    });
    const c = await notifier.notifyCaregiver({ userId: aliceId, title: 'Low reading', content: 'Check in' });
    expect(c).toMatchObject({ recipientType: 'caregiver', type: 'alert', priority: 'medium' });
    const p = await notifier.notifyPlatform({ title: 'Disk nearly full', content: '92%' });
    expect(p).toMatchObject({ recipientType: 'platform', type: 'alert', priority: 'high' });
    const list = await (await alice.get('/api/v1/notifications?limit=200')).json();
    expect(list.items.map((x: { id: string }) => x.id)).toEqual(expect.arrayContaining([n.id, c.id]));
    expect(list.items.map((x: { id: string }) => x.id)).not.toContain(p.id);
  });
});

describe('API documentation', () => {
  it('lists every notification, medication, appointment and calendar endpoint', async () => {
    const doc = await (await server.client().get('/api/openapi.json')).json();
    const ops = Object.entries(doc.paths as Record<string, object>).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(ops).toEqual(
      expect.arrayContaining([
        'GET /api/v1/notifications',
        'POST /api/v1/notifications',
        'GET /api/v1/notifications/unread-counts',
        'GET /api/v1/notifications/stream',
        'GET /api/v1/notifications/{id}',
        'PATCH /api/v1/notifications/{id}',
        'DELETE /api/v1/notifications/{id}',
        'POST /api/v1/medications/schedules',
        'GET /api/v1/medications/doses',
        'POST /api/v1/medications/doses/{id}/take',
        'POST /api/v1/medications/doses/{id}/skip',
        'GET /api/v1/appointments',
        'POST /api/v1/appointments',
        'GET /api/v1/appointments/{id}',
        'PATCH /api/v1/appointments/{id}',
        'DELETE /api/v1/appointments/{id}',
        'POST /api/v1/appointments/{id}/cancel',
        'GET /api/v1/appointments/{id}/calendar.ics',
        'GET /api/v1/calendar/feed',
        'POST /api/v1/calendar/feed',
        'DELETE /api/v1/calendar/feed',
        'GET /api/v1/calendar/{token}.ics',
      ]),
    );
  });

  it('a new profile has email reminders off until the user turns them on', async () => {
    expect((await (await bob.get('/api/v1/profile')).json()).emailReminders).toBe(false);
    const on = await bob.patch('/api/v1/profile', { emailReminders: true });
    expect((await on.json()).emailReminders).toBe(true);
  });
});
