import {
  PACKET_MAX_ATTEMPTS,
  type PacketCategory,
  type PacketResponse,
  type PacketStatus,
} from '@healthfolio/core/packets/packet.schema';
import type { PacketRow } from './packets.repository';

export const packetStatus = (row: PacketRow, now: Date): PacketStatus => {
  if (row.revokedAt) return 'revoked';
  if (row.lockedAt) return 'locked';
  return row.expiresAt <= now ? 'expired' : 'active';
};

/** Status and counts only: never the questions, the passcode or anything that opens the link. */
export const presentPacket = (row: PacketRow, now = new Date()): PacketResponse => ({
  id: row.id,
  days: row.windowDays,
  categories: row.categories as PacketCategory[],
  questionCount: row.questions.length,
  status: packetStatus(row, now),
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  revokedAt: row.revokedAt?.toISOString() ?? null,
  attemptsLeft: Math.max(0, PACKET_MAX_ATTEMPTS - row.failedAttempts),
  openedCount: row.openedCount,
  lastOpenedAt: row.lastOpenedAt?.toISOString() ?? null,
});
