import type { AuditEventResponse } from '@healthfolio/core';
import type { AuditRow } from './audit.repository';

export const presentAuditEvent = (r: AuditRow): AuditEventResponse => ({
  id: r.id,
  action: r.action,
  resourceType: r.resourceType,
  resourceId: r.resourceId,
  details: r.details ?? null,
  ipAddress: r.ipAddress,
  userAgent: r.userAgent,
  createdAt: r.createdAt.toISOString(),
});
