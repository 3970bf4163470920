import {
  AppointmentCreateRequest,
  type AppointmentFields,
  AppointmentListQuery,
  AppointmentListResponse,
  AppointmentResponse,
  AppointmentUpdateRequest,
} from '@healthfolio/core';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, jsonBody, problems, SESSION_SECURITY } from '../../http/openapi';
import {
  appointmentIcs,
  cancelAppointment,
  createAppointment,
  deleteAppointment,
  getAppointment,
  listAppointments,
  updateAppointment,
} from './appointments.service';

const IdParam = z.object({ id: z.string().uuid() });
const base = { tags: ['Appointments'], security: SESSION_SECURITY };
const ok = (description: string) => ({ 200: json(AppointmentResponse, description) });

const create = createRoute({
  ...base,
  method: 'post',
  path: '/api/v1/appointments',
  summary: 'Schedule an appointment (date and times in your time zone); reminders follow 24 h and 1 h before',
  request: { body: jsonBody(AppointmentCreateRequest) },
  responses: { 201: json(AppointmentResponse, 'The appointment'), ...problems(400, 401, 503) },
});
const list = createRoute({
  ...base,
  method: 'get',
  path: '/api/v1/appointments',
  summary: 'Upcoming appointments soonest first, or past (over or cancelled) latest first',
  request: { query: AppointmentListQuery },
  responses: { 200: json(AppointmentListResponse, 'Appointments'), ...problems(400, 401, 503) },
});
const read = createRoute({
  ...base,
  method: 'get',
  path: '/api/v1/appointments/{id}',
  summary: 'One of your appointments',
  request: { params: IdParam },
  responses: { ...ok('The appointment'), ...problems(401, 404, 503) },
});
const update = createRoute({
  ...base,
  method: 'patch',
  path: '/api/v1/appointments/{id}',
  summary: 'Edit an appointment (any fields; its reminders move with it)',
  request: { params: IdParam, body: jsonBody(AppointmentUpdateRequest) },
  responses: { ...ok('The updated appointment'), ...problems(400, 401, 404, 409, 503) },
});
const cancel = createRoute({
  ...base,
  method: 'post',
  path: '/api/v1/appointments/{id}/cancel',
  summary: 'Cancel an appointment (kept in the past list; its pending reminders are removed)',
  request: { params: IdParam },
  responses: { ...ok('The cancelled appointment'), ...problems(401, 404, 409, 503) },
});
const remove = createRoute({
  ...base,
  method: 'delete',
  path: '/api/v1/appointments/{id}',
  summary: 'Delete an appointment and its reminders',
  request: { params: IdParam },
  responses: { 204: { description: 'Deleted' }, ...problems(401, 404, 503) },
});
const ics = createRoute({
  ...base,
  method: 'get',
  path: '/api/v1/appointments/{id}/calendar.ics',
  summary: 'Download an appointment as an iCalendar (.ics) file',
  request: { params: IdParam },
  responses: {
    200: { description: 'iCalendar text', content: { 'text/calendar': { schema: z.string() } } },
    ...problems(401, 404, 503),
  },
});

export const appointmentsRoutes = ({ requireUser }: AppDeps) => {
  const app = createRouter();
  app.use('/api/v1/appointments', requireUser);
  app.use('/api/v1/appointments/*', requireUser);
  const uid = (c: { get(k: 'user'): { id: string } }) => c.get('user').id;
  const id = (c: { req: { valid(t: 'param'): { id: string } } }) => c.req.valid('param').id;
  app.openapi(create, async (c) =>
    c.json(await createAppointment(c.get('db'), uid(c), c.req.valid('json') as AppointmentFields), 201),
  );
  app.openapi(list, async (c) =>
    c.json(await listAppointments(c.get('db'), uid(c), c.req.valid('query')), 200),
  );
  app.openapi(read, async (c) => c.json(await getAppointment(c.get('db'), uid(c), id(c)), 200));
  app.openapi(update, async (c) =>
    c.json(await updateAppointment(c.get('db'), uid(c), id(c), c.req.valid('json')), 200),
  );
  app.openapi(cancel, async (c) => c.json(await cancelAppointment(c.get('db'), uid(c), id(c)), 200));
  app.openapi(remove, async (c) => {
    await deleteAppointment(c.get('db'), uid(c), id(c));
    return c.body(null, 204);
  });
  app.openapi(ics, async (c) => {
    const file = await appointmentIcs(c.get('db'), uid(c), id(c));
    return c.body(file.ics, 200, {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="${file.filename}"`,
    });
  });
  return app;
};
