import type { AuditEventResponse } from '@healthfolio/core';
import ipaddr from 'ipaddr.js';
import type { AuditRow } from './audit.repository';
import { auditDetail, auditSentence } from './audit-sentence';
import { deviceName } from './user-agent';

/** What the server can say about an address without a geo-IP lookup; anything public stays unknown. */
export const placeOf = (address: string | null): string | null => {
  if (!address || !ipaddr.isValid(address)) return null;
  const range = ipaddr.process(address).range();
  if (range === 'loopback') return 'The computer this app runs on';
  if (range === 'private' || range === 'uniqueLocal' || range === 'linkLocal') return 'Your local network';
  return null;
};

/** Display names of the accounts that acted on someone else's record (a page's guardians), by id. */
export type ActorNames = ReadonlyMap<string, string>;

export const presentAuditEvent = (r: AuditRow, actors: ActorNames = new Map()): AuditEventResponse => ({
  id: r.id,
  action: r.action,
  resourceType: r.resourceType,
  resourceId: r.resourceId,
  details: r.details ?? null,
  ipAddress: r.ipAddress,
  userAgent: r.userAgent,
  createdAt: r.createdAt.toISOString(),
  summary: auditSentence(r),
  detail: auditDetail(r),
  device: deviceName(r.userAgent),
  place: placeOf(r.ipAddress),
  actor:
    r.actorId && r.actorId !== r.userId
      ? { id: r.actorId, displayName: actors.get(r.actorId) ?? 'Someone who no longer has an account' }
      : null,
});
