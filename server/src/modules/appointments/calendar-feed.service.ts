import { createHash, randomBytes } from 'node:crypto';
import type { CalendarFeedResponse } from '@healthfolio/core';
import type { Database } from '../../db/database';
import { notFound } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import { appointmentEvent } from './appointments.presenter';
import {
  deleteFeed,
  findFeedOwner,
  selectCalendarAppointments,
  selectFeed,
  upsertFeed,
} from './appointments.repository';
import { buildCalendar } from './ics';

/** Only the hash is stored: a copy of the database does not hand out anyone's calendar. */
export const hashFeedToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** 256 bits from the CSPRNG, URL-safe. */
const newToken = () => randomBytes(32).toString('base64url');

export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const feedUrls = (appUrl: string, token: string) => {
  const url = `${appUrl}/api/v1/calendar/${token}.ics`;
  return { url, webcalUrl: url.replace(/^https?:\/\//, 'webcal://') };
};

export const getFeed = (db: Database, userId: string): Promise<CalendarFeedResponse> =>
  db.readAsUser(userId, async (tx) => {
    const row = await selectFeed(tx, userId);
    return { active: !!row, url: null, webcalUrl: null, createdAt: row?.createdAt.toISOString() ?? null };
  });

/** A new address replaces the old one, which stops working at once. */
export const createFeed = (db: Database, appUrl: string, userId: string): Promise<CalendarFeedResponse> =>
  db.asUser(userId, async (tx) => {
    const token = newToken();
    const row = await upsertFeed(tx, userId, hashFeedToken(token));
    await recordAudit(tx, userId, 'create', 'calendar_feed');
    return { active: true, ...feedUrls(appUrl, token), createdAt: row.createdAt.toISOString() };
  });

export const revokeFeed = (db: Database, userId: string) =>
  db.asUser(userId, async (tx) => {
    await deleteFeed(tx, userId);
    await recordAudit(tx, userId, 'revoke', 'calendar_feed');
  });

/** The subscribed calendar: the token is the only credential, so a wrong or revoked one is a plain 404. */
export const feedCalendar = async (db: Database, token: string) => {
  if (!FEED_TOKEN_PATTERN.test(token)) throw notFound('No calendar at this address');
  const userId = await db.asSystem((tx) => findFeedOwner(tx, hashFeedToken(token)));
  if (!userId) throw notFound('No calendar at this address');
  const rows = await db.asUser(userId, async (tx) => {
    // The poller's address and calendar app are recorded: the address is the credential.
    await recordAudit(tx, userId, 'use', 'calendar_feed');
    return selectCalendarAppointments(tx, userId);
  });
  return buildCalendar(rows.map(appointmentEvent), { name: 'Healthfolio appointments' });
};
