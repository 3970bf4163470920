import {
  ALL_PUSH_KINDS_ON,
  PUSH_KINDS,
  type PushKindSwitches,
  type PushSubscriptionResponse,
} from '@healthfolio/core';
import type { PushSubscriptionRow } from './push.repository';

/** A kind this device never set is on (kinds added later reach devices that did not say no). */
export const switchesOf = (kinds: Record<string, boolean>): PushKindSwitches =>
  Object.fromEntries(PUSH_KINDS.map((k) => [k, kinds[k] ?? ALL_PUSH_KINDS_ON[k]])) as PushKindSwitches;

export const presentSubscription = (r: PushSubscriptionRow): PushSubscriptionResponse => ({
  id: r.id,
  deviceLabel: r.deviceLabel,
  endpoint: r.endpoint,
  kinds: switchesOf(r.kinds),
  showValues: r.showValues,
  quietHours: r.quietHours ?? null,
  createdAt: r.createdAt.toISOString(),
  lastSuccessAt: r.lastSuccessAt?.toISOString() ?? null,
});
