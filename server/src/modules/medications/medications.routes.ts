import {
  DoseListQuery,
  DoseListResponse,
  DoseResponse,
  type MedicationSchedule,
  MedicationScheduleListResponse,
  MedicationScheduleRequest,
  MedicationScheduleResponse,
  MedicationScheduleStopResponse,
  MedicationScheduleSummary,
  type MedicationScheduleUpdate,
  MedicationScheduleUpdateRequest,
} from '@healthfolio/core';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, jsonBody, problems, SESSION_SECURITY } from '../../http/openapi';
import { createMedicationSchedule, listDoses, markDose } from './medications.service';
import { listSchedules, removeSchedule, stopSchedule, updateSchedule } from './schedules.service';

const IdParam = z.object({ id: z.string().uuid() });
const base = { tags: ['Medications'], security: SESSION_SECURITY };

const createSchedule = createRoute({
  ...base,
  method: 'post',
  path: '/api/v1/medications/schedules',
  summary:
    'Create a medication schedule: one reminder per dose (daily 30 days × each time, weekly 4 a week apart, once/monthly 1), in your time zone',
  request: { body: jsonBody(MedicationScheduleRequest) },
  responses: {
    201: json(MedicationScheduleResponse, 'How many reminders were created'),
    ...problems(400, 401, 429, 503),
  },
});
const schedules = createRoute({
  ...base,
  method: 'get',
  path: '/api/v1/medications/schedules',
  summary: 'Your medication schedules, by name, each with its next dose still to come',
  responses: { 200: json(MedicationScheduleListResponse, 'The schedules'), ...problems(401, 503) },
});
const updateSchedule_ = createRoute({
  ...base,
  method: 'patch',
  path: '/api/v1/medications/schedules/{id}',
  summary:
    'Change a schedule (not its start): doses already due or marked stay; the doses to come are set up again',
  request: { params: IdParam, body: jsonBody(MedicationScheduleUpdateRequest) },
  responses: {
    200: json(MedicationScheduleSummary, 'The changed schedule'),
    ...problems(400, 401, 404, 429, 503),
  },
});
const stopSchedule_ = createRoute({
  ...base,
  method: 'post',
  path: '/api/v1/medications/schedules/{id}/stop',
  summary: 'Stop a schedule today: reminders still to come are removed, doses already due are kept',
  request: { params: IdParam },
  responses: {
    200: json(MedicationScheduleStopResponse, 'How many reminders were removed'),
    ...problems(401, 404, 503),
  },
});
const deleteSchedule_ = createRoute({
  ...base,
  method: 'delete',
  path: '/api/v1/medications/schedules/{id}',
  summary: 'Delete a schedule and all its reminders, taken and skipped doses included',
  request: { params: IdParam },
  responses: { 204: { description: 'Deleted' }, ...problems(401, 404, 503) },
});
const doses = createRoute({
  ...base,
  method: 'get',
  path: '/api/v1/medications/doses',
  summary: 'Your medication doses, due first, each with its status (taken, skipped, overdue, pending)',
  request: { query: DoseListQuery },
  responses: { 200: json(DoseListResponse, 'A page of doses'), ...problems(400, 401, 503) },
});
const action = (verb: 'take' | 'skip' | 'undo', summary: string) =>
  createRoute({
    ...base,
    method: 'post',
    path: `/api/v1/medications/doses/{id}/${verb}`,
    summary,
    request: { params: IdParam },
    responses: { 200: json(DoseResponse, 'The dose'), ...problems(401, 404, 409, 503) },
  });
const take = action(
  'take',
  'Mark a dose taken (completed and read); 409 once taken or skipped, or more than an hour before it is due',
);
const skip = action(
  'skip',
  'Skip a dose (read, not completed); 409 once taken or skipped, or more than an hour before it is due',
);
const undo = action('undo', 'Put a taken or skipped dose back as not yet answered; 409 if it is neither');

export const medicationsRoutes = ({ notifier, requireUser, quotas }: AppDeps) => {
  const app = createRouter();
  app.use('/api/v1/medications/*', requireUser);
  // Each schedule expands into up to 30 × times reminders: creations count against a per-user budget.
  app.use('/api/v1/medications/schedules', quotas.scheduleCreation);
  app.use('/api/v1/medications/schedules/:id', quotas.scheduleCreation);
  const uid = (c: { get(k: 'user'): { id: string } }) => c.get('user').id;
  app.openapi(createSchedule, async (c) =>
    c.json(
      await createMedicationSchedule(c.get('db'), uid(c), c.req.valid('json') as MedicationSchedule),
      201,
    ),
  );
  app.openapi(schedules, async (c) => c.json(await listSchedules(c.get('db'), uid(c)), 200));
  app.openapi(updateSchedule_, async (c) =>
    c.json(
      await updateSchedule(
        c.get('db'),
        uid(c),
        c.req.valid('param').id,
        c.req.valid('json') as MedicationScheduleUpdate,
      ),
      200,
    ),
  );
  app.openapi(stopSchedule_, async (c) =>
    c.json(await stopSchedule(c.get('db'), uid(c), c.req.valid('param').id), 200),
  );
  app.openapi(deleteSchedule_, async (c) => {
    await removeSchedule(c.get('db'), uid(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
  app.openapi(doses, async (c) => c.json(await listDoses(c.get('db'), uid(c), c.req.valid('query')), 200));
  app.openapi(take, async (c) =>
    c.json(await markDose(c.get('db'), notifier, uid(c), c.req.valid('param').id, 'take'), 200),
  );
  app.openapi(skip, async (c) =>
    c.json(await markDose(c.get('db'), notifier, uid(c), c.req.valid('param').id, 'skip'), 200),
  );
  app.openapi(undo, async (c) =>
    c.json(await markDose(c.get('db'), notifier, uid(c), c.req.valid('param').id, 'undo'), 200),
  );
  return app;
};
