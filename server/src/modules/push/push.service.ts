import type {
  PushKind,
  PushPayload,
  PushSubscribeRequest,
  PushSubscriptionListResponse,
  PushSubscriptionUpdateRequest,
} from '@healthfolio/core';
import { ALL_PUSH_KINDS_ON, inQuietHours } from '@healthfolio/core';
import type { Logger } from 'pino';
import type { Database } from '../../db/database';
import { BlockedAddressError, type OutboundClient } from '../../http/outbound';
import { notFound, ProblemError } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import type { PushClient } from './push.client';
import { presentSubscription, switchesOf } from './push.presenter';
import {
  deleteSubscription,
  markDelivered,
  type PushSubscriptionRow,
  selectSubscription,
  selectSubscriptions,
  updateSubscription,
  upsertSubscription,
} from './push.repository';

export interface PushDeps {
  db: Database;
  push: PushClient;
  logger: Logger;
}

/**
 * One push to every device of a person that wants this kind. `title` and `body` are what any lock
 * screen may show (a name, "Urgent low", never a value); `withValue` replaces them on the devices
 * whose owner allowed values there. `url` is the page a tap opens (a path of this app).
 */
export interface PushMessage {
  userId: string;
  kind: PushKind;
  title: string;
  body: string;
  withValue?: { title?: string; body: string };
  url: string;
  urgent?: boolean;
  /** Replaces an earlier notification with the same tag on the device (one per episode). */
  tag?: string;
  /** Shown without a sound (a snoozed alarm replacing its ringing notice on the other devices). */
  silent?: boolean;
  /** Held back from a device in its quiet hours (every glucose alarm but urgent low). */
  quietable?: boolean;
  /** The moment the message is about (an alarm's raising), at which quiet hours are judged; now if absent. */
  at?: Date;
}

/** A push carries at most about 4 KB; a lock screen shows far less anyway. */
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Alarms are worth little after an hour; reminders keep for a day. */
const ttlFor = (urgent: boolean) => (urgent ? 3600 : 24 * 3600);

const deliverTo = async (deps: PushDeps, rows: PushSubscriptionRow[], m: PushMessage) => {
  const outcomes = await Promise.all(
    rows.map(async (s) => {
      const shown =
        s.showValues && m.withValue ? { title: m.withValue.title ?? m.title, body: m.withValue.body } : m;
      const payload: PushPayload = {
        kind: m.kind,
        title: clip(shown.title, 120),
        body: clip(shown.body, 1000),
        url: m.url,
        urgent: m.urgent === true,
        ...(m.tag ? { tag: m.tag } : {}),
        ...(m.silent ? { silent: true } : {}),
      };
      const r = await deps.push.deliver(s, JSON.stringify(payload), {
        urgent: m.urgent === true,
        ttlSeconds: ttlFor(m.urgent === true),
      });
      if (r.outcome === 'failed')
        deps.logger.warn({ subscriptionId: s.id, status: r.status, kind: m.kind }, 'push not delivered');
      return { id: s.id, outcome: r.outcome };
    }),
  );
  const gone = outcomes.filter((o) => o.outcome === 'gone').map((o) => o.id);
  const delivered = outcomes.filter((o) => o.outcome === 'delivered').map((o) => o.id);
  if (gone.length || delivered.length)
    await deps.db.asUser(m.userId, async (tx) => {
      for (const id of delivered) await markDelivered(tx, m.userId, id);
      for (const id of gone) await deleteSubscription(tx, m.userId, id);
    });
  return { delivered: delivered.length, dropped: gone.length };
};

/**
 * The one way anything pushes to a person's devices (reminders, the low-glucose follow-up, caregiver
 * alerts, glucose alarms). Never throws: a push is on top of the stored notification and the email.
 */
export const sendPush = async (deps: PushDeps, m: PushMessage) => {
  try {
    const at = m.at ?? new Date();
    const rows = (await deps.db.readAsUser(m.userId, (tx) => selectSubscriptions(tx, m.userId))).filter(
      (s) => switchesOf(s.kinds)[m.kind] && !(m.quietable && inQuietHours(s.quietHours, at)),
    );
    if (!rows.length) return { delivered: 0, dropped: 0 };
    return await deliverTo(deps, rows, m);
  } catch (err) {
    deps.logger.warn({ err: { message: (err as Error).message }, kind: m.kind }, 'push failed');
    return { delivered: 0, dropped: 0 };
  }
};

export const listSubscriptions = async (
  db: Database,
  userId: string,
  publicKey: string,
): Promise<PushSubscriptionListResponse> => ({
  publicKey,
  items: (await db.readAsUser(userId, (tx) => selectSubscriptions(tx, userId))).map(presentSubscription),
});

export const subscribe = async (
  deps: { db: Database; outbound: OutboundClient },
  userId: string,
  req: PushSubscribeRequest,
  defaultLabel: string,
) => {
  try {
    await deps.outbound.check(req.endpoint);
  } catch (err) {
    if (err instanceof BlockedAddressError)
      throw new ProblemError(
        422,
        'push_address_blocked',
        'This browser gave a push address that cannot be used.',
      );
    throw new ProblemError(
      422,
      'push_address_unreachable',
      'This browser’s push service could not be found.',
    );
  }
  return deps.db.asUser(userId, async (tx) => {
    const { row, inserted } = await upsertSubscription(tx, {
      userId,
      endpoint: req.endpoint,
      p256dh: req.keys.p256dh,
      auth: req.keys.auth,
      deviceLabel: req.deviceLabel ?? defaultLabel,
      kinds: ALL_PUSH_KINDS_ON,
    });
    await recordAudit(tx, userId, inserted ? 'create' : 'update', 'push_subscription', row.id);
    return { subscription: presentSubscription(row), created: inserted };
  });
};

export const changeSubscription = (
  db: Database,
  userId: string,
  id: string,
  req: PushSubscriptionUpdateRequest,
) =>
  db.asUser(userId, async (tx) => {
    const existing = await selectSubscription(tx, userId, id);
    if (!existing) throw notFound('No device with this id');
    const row = await updateSubscription(tx, userId, id, {
      ...(req.kinds ? { kinds: { ...switchesOf(existing.kinds), ...req.kinds } } : {}),
      ...(req.showValues !== undefined ? { showValues: req.showValues } : {}),
      ...(req.deviceLabel ? { deviceLabel: req.deviceLabel } : {}),
      ...(req.quietHours !== undefined ? { quietHours: req.quietHours } : {}),
    });
    await recordAudit(tx, userId, 'update', 'push_subscription', id, {
      fields: Object.keys(req).filter((k) => req[k as keyof typeof req] !== undefined),
    });
    return presentSubscription(row!);
  });

export const unsubscribe = (db: Database, userId: string, id: string) =>
  db.asUser(userId, async (tx) => {
    if (!(await deleteSubscription(tx, userId, id))) throw notFound('No device with this id');
    await recordAudit(tx, userId, 'delete', 'push_subscription', id);
  });

/** "Send a test" to one device: whether its push service took the message. */
export const sendTest = async (deps: PushDeps, userId: string, id: string) => {
  const row = await deps.db.readAsUser(userId, (tx) => selectSubscription(tx, userId, id));
  if (!row) throw notFound('No device with this id');
  const r = await deliverTo(deps, [row], {
    userId,
    kind: 'reminder',
    title: 'Healthfolio',
    body: 'Alerts reach this device.',
    url: '/dashboard/settings',
    tag: 'test',
  });
  return { delivered: r.delivered > 0 };
};
