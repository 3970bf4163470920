import {
  AppointmentCreateRequest,
  type AppointmentFields,
  type AppointmentListQuery,
  type AppointmentUpdateRequest,
  appointmentIcsFilename,
  wallClockToUtc,
} from '@healthfolio/core';
import type { Database, Tx } from '../../db/database';
import { notFound, ProblemError, validationProblem } from '../../http/problem';
import { changedByEdit, recordAudit } from '../audit/audit.service';
import { personZone } from '../profiles/profiles.repository';
import { syncAppointmentReminders } from './appointment-reminders';
import { appointmentEvent, presentAppointment } from './appointments.presenter';
import {
  type AppointmentRow,
  deleteAppointmentRow,
  insertAppointment,
  selectAppointment,
  selectAppointments,
  updateAppointmentRow,
} from './appointments.repository';
import { buildCalendar } from './ics';

const NOT_FOUND = 'No appointment with this id';

/** The date and times are a wall clock in the appointment's zone: the user's zone when it was scheduled. */
const toValues = (a: AppointmentFields, timeZone: string) => ({
  ...a,
  timeZone,
  startsAt: wallClockToUtc(a.date, a.startTime, timeZone),
  endsAt: a.endTime ? wallClockToUtc(a.date, a.endTime, timeZone) : null,
});

export const createAppointment = (db: Database, userId: string, req: AppointmentFields) =>
  db.asUser(userId, async (tx) => {
    const row = await insertAppointment(tx, userId, toValues(req, await personZone(tx, userId)));
    await syncAppointmentReminders(tx, row);
    await recordAudit(tx, userId, 'create', 'appointment', row.id);
    return presentAppointment(row);
  });

export const listAppointments = (db: Database, userId: string, q: AppointmentListQuery) =>
  db.readAsUser(userId, async (tx) => ({
    items: (await selectAppointments(tx, userId, q.when, q.limit)).map(presentAppointment),
  }));

const owned = async (tx: Tx, userId: string, id: string) => {
  const row = await selectAppointment(tx, userId, id);
  if (!row) throw notFound(NOT_FOUND);
  return row;
};

export const getAppointment = (db: Database, userId: string, id: string) =>
  db.asUser(userId, async (tx) => {
    const row = await owned(tx, userId, id);
    await recordAudit(tx, userId, 'read', 'appointment', id);
    return presentAppointment(row);
  });

const fieldsOf = (row: AppointmentRow) => ({
  provider: row.provider,
  specialty: row.specialty,
  date: row.date,
  startTime: row.startTime,
  endTime: row.endTime,
  location: row.location,
  telehealthUrl: row.telehealthUrl,
  reason: row.reason,
  preparation: row.preparation,
});

/**
 * An edit is merged into the appointment and the whole is checked again (the end after the start).
 * It keeps the appointment's own zone: a 9:00 visit in New York stays 9:00 New York time when the
 * user, now travelling, fixes a typo in the reason.
 */
export const updateAppointment = (
  db: Database,
  userId: string,
  id: string,
  patch: AppointmentUpdateRequest,
) =>
  db.asUser(userId, async (tx) => {
    const existing = await owned(tx, userId, id);
    if (existing.status === 'cancelled')
      throw new ProblemError(409, 'conflict', 'A cancelled appointment cannot be edited.');
    const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const merged = AppointmentCreateRequest.safeParse({ ...fieldsOf(existing), ...defined });
    if (!merged.success) throw validationProblem(merged.error);
    const row = await updateAppointmentRow(tx, userId, id, toValues(merged.data, existing.timeZone));
    await syncAppointmentReminders(tx, row!);
    await recordAudit(tx, userId, 'update', 'appointment', id, {
      fields: changedByEdit(AppointmentCreateRequest, fieldsOf(existing), defined, merged.data),
    });
    return presentAppointment(row!);
  });

export const cancelAppointment = (db: Database, userId: string, id: string) =>
  db.asUser(userId, async (tx) => {
    const existing = await owned(tx, userId, id);
    if (existing.status === 'cancelled')
      throw new ProblemError(409, 'conflict', 'This appointment is already cancelled.');
    const row = await updateAppointmentRow(tx, userId, id, { status: 'cancelled' });
    await syncAppointmentReminders(tx, row!);
    await recordAudit(tx, userId, 'update', 'appointment', id, { fields: ['status'] });
    return presentAppointment(row!);
  });

export const deleteAppointment = (db: Database, userId: string, id: string) =>
  db.asUser(userId, async (tx) => {
    // Its reminders go with it (foreign key, on delete cascade).
    if (!(await deleteAppointmentRow(tx, userId, id))) throw notFound(NOT_FOUND);
    await recordAudit(tx, userId, 'delete', 'appointment', id);
  });

export const appointmentIcs = (db: Database, userId: string, id: string) =>
  db.asUser(userId, async (tx) => {
    const row = await owned(tx, userId, id);
    await recordAudit(tx, userId, 'read', 'appointment', id, { format: 'ics' });
    return { ics: buildCalendar([appointmentEvent(row)]), filename: appointmentIcsFilename(row.date) };
  });
