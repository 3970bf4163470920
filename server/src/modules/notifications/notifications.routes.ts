import {
  NotificationCreateRequest,
  NotificationListQuery,
  NotificationListResponse,
  NotificationResponse,
  NotificationUpdateRequest,
  TestNotificationResponse,
  UnreadCountsResponse,
} from '@healthfolio/core';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, jsonBody, problems, SESSION_SECURITY } from '../../http/openapi';
import {
  createUserNotification,
  deleteNotification,
  getNotification,
  listNotifications,
  unreadCounts,
  updateNotification,
} from './notifications.service';
import { createTestNotifier } from './test-notification.service';

const IdParam = z.object({ id: z.string().uuid() });
const base = { tags: ['Notifications'], security: SESSION_SECURITY };

const list = createRoute({
  ...base,
  method: 'get',
  path: '/api/v1/notifications',
  summary:
    'Your notifications, newest first, by tab (all; notes: note; actions: notification, alert; reminders: reminder, medication). Reminders and system items scheduled ahead appear once due; when=scheduled lists your own reminders still to come, soonest first.',
  request: { query: NotificationListQuery },
  responses: { 200: json(NotificationListResponse, 'A page of notifications'), ...problems(400, 401, 503) },
});
const counts = createRoute({
  ...base,
  method: 'get',
  path: '/api/v1/notifications/unread-counts',
  summary: 'Unread items per tab (the tab badges and the header bell)',
  responses: { 200: json(UnreadCountsResponse, 'Unread counts'), ...problems(401, 503) },
});
const create = createRoute({
  ...base,
  method: 'post',
  path: '/api/v1/notifications',
  summary: 'Add a note, notification or reminder (sender "You"); open pages hear notification.created',
  request: { body: jsonBody(NotificationCreateRequest) },
  responses: { 201: json(NotificationResponse, 'The new item'), ...problems(400, 401, 503) },
});
const test = createRoute({
  ...base,
  method: 'post',
  path: '/api/v1/notifications/test',
  summary:
    'Send yourself a test notification the way due reminders arrive: in the app (open pages hear notification.created) and by email when you opted in and mail is set up. At most 3 a minute.',
  responses: {
    201: json(TestNotificationResponse, 'The test item and what became of the email'),
    ...problems(401, 429, 503),
  },
});
const read = createRoute({
  ...base,
  method: 'get',
  path: '/api/v1/notifications/{id}',
  summary: 'One of your notifications',
  request: { params: IdParam },
  responses: { 200: json(NotificationResponse, 'The item'), ...problems(401, 404, 503) },
});
const update = createRoute({
  ...base,
  method: 'patch',
  path: '/api/v1/notifications/{id}',
  summary:
    'Mark read, complete (type notification only, once: 409 when already done) or edit a note’s title and content',
  request: { params: IdParam, body: jsonBody(NotificationUpdateRequest) },
  responses: { 200: json(NotificationResponse, 'The updated item'), ...problems(400, 401, 404, 409, 503) },
});
const remove = createRoute({
  ...base,
  method: 'delete',
  path: '/api/v1/notifications/{id}',
  summary:
    'Delete one of your notes or a reminder you set yourself (other items answer 400). Deleting a repeating reminder stops it: its next occurrence still to come is deleted too.',
  request: { params: IdParam },
  responses: { 204: { description: 'Deleted' }, ...problems(400, 401, 404, 503) },
});

export const notificationsRoutes = (deps: AppDeps) => {
  const { notifier, requireUser } = deps;
  const sendTest = createTestNotifier(deps);
  const app = createRouter();
  app.use('/api/v1/notifications', requireUser);
  app.use('/api/v1/notifications/*', requireUser);
  const uid = (c: { get(k: 'user'): { id: string } }) => c.get('user').id;
  app.openapi(list, async (c) =>
    c.json(await listNotifications(c.get('db'), uid(c), c.req.valid('query')), 200),
  );
  app.openapi(counts, async (c) => c.json(await unreadCounts(c.get('db'), uid(c)), 200));
  app.openapi(create, async (c) =>
    c.json(
      await createUserNotification(
        notifier,
        uid(c),
        c.req.valid('json') as NotificationCreateRequest,
        c.get('db'),
      ),
      201,
    ),
  );
  app.openapi(test, async (c) => c.json(await sendTest(c.get('user'), c.get('db')), 201));
  app.openapi(read, async (c) =>
    c.json(await getNotification(c.get('db'), uid(c), c.req.valid('param').id), 200),
  );
  app.openapi(update, async (c) =>
    c.json(
      await updateNotification(c.get('db'), notifier, uid(c), c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  );
  app.openapi(remove, async (c) => {
    await deleteNotification(c.get('db'), notifier, uid(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
  return app;
};
