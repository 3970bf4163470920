import {
  DoseListQuery,
  DoseListResponse,
  DoseResponse,
  type MedicationSchedule,
  MedicationScheduleRequest,
  MedicationScheduleResponse,
} from '@healthfolio/core';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, jsonBody, problems, SESSION_SECURITY } from '../../http/openapi';
import { createMedicationSchedule, listDoses, markDose } from './medications.service';

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
const doses = createRoute({
  ...base,
  method: 'get',
  path: '/api/v1/medications/doses',
  summary: 'Your medication doses, due first, each with its status (taken, skipped, overdue, pending)',
  request: { query: DoseListQuery },
  responses: { 200: json(DoseListResponse, 'A page of doses'), ...problems(400, 401, 503) },
});
const action = (verb: 'take' | 'skip', summary: string) =>
  createRoute({
    ...base,
    method: 'post',
    path: `/api/v1/medications/doses/{id}/${verb}`,
    summary,
    request: { params: IdParam },
    responses: { 200: json(DoseResponse, 'The dose'), ...problems(401, 404, 409, 503) },
  });
const take = action('take', 'Mark a dose taken (completed and read); 409 once taken or skipped');
const skip = action('skip', 'Skip a dose (read, not completed); 409 once taken or skipped');

export const medicationsRoutes = ({ notifier, requireUser, quotas }: AppDeps) => {
  const app = createRouter();
  app.use('/api/v1/medications/*', requireUser);
  // Each schedule expands into up to 30 × times reminders: creations count against a per-user budget.
  app.use('/api/v1/medications/schedules', quotas.scheduleCreation);
  const uid = (c: { get(k: 'user'): { id: string } }) => c.get('user').id;
  app.openapi(createSchedule, async (c) =>
    c.json(
      await createMedicationSchedule(c.get('db'), uid(c), c.req.valid('json') as MedicationSchedule),
      201,
    ),
  );
  app.openapi(doses, async (c) => c.json(await listDoses(c.get('db'), uid(c), c.req.valid('query')), 200));
  app.openapi(take, async (c) =>
    c.json(await markDose(c.get('db'), notifier, uid(c), c.req.valid('param').id, 'take'), 200),
  );
  app.openapi(skip, async (c) =>
    c.json(await markDose(c.get('db'), notifier, uid(c), c.req.valid('param').id, 'skip'), 200),
  );
  return app;
};
