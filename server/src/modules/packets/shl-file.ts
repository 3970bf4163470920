import { createHmac } from 'node:crypto';
import { text } from 'node:stream/consumers';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { visitPackets } from '../../db/schema';
import { ProblemError } from '../../http/problem';
import type { FileStorage } from '../../storage/file-storage';
import { sameHash } from '../sharing/share-token';

/** A `location` URL works this long after the manifest answered it. */
export const SHL_FILE_TTL_SECONDS = 300;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const mac = (secret: string, packetId: string, exp: number) =>
  createHmac('sha256', secret).update(`shl-file|${packetId}|${exp}`).digest('base64url');

/** A short-lived, signed file token for the manifest's `location` (when the client caps embedding). */
export const signFileToken = (secret: string, packetId: string, now = Date.now()) => {
  const exp = Math.floor(now / 1000) + SHL_FILE_TTL_SECONDS;
  return `${packetId}.${exp}.${mac(secret, packetId, exp)}`;
};

const gone = () => new ProblemError(404, 'shl_invalid', 'This file link is not valid or has expired.');

/**
 * The JWE behind a file token: the signature and its time must hold, and the packet must still be
 * usable (a revoke or lock also ends the file links already handed out).
 */
export const readShlFile = async (db: Database, storage: FileStorage, secret: string, token: string) => {
  const [packetId = '', expText = '', sig = ''] = token.split('.');
  const exp = Number(expText);
  const valid =
    UUID.test(packetId) &&
    Number.isInteger(exp) &&
    exp * 1000 > Date.now() &&
    sameHash(sig, mac(secret, packetId, exp));
  if (!valid) throw gone();
  const [row] = await db.asSystem((tx) =>
    tx
      .select({ storageId: visitPackets.storageId })
      .from(visitPackets)
      .where(
        sql`${eq(visitPackets.id, packetId)} and ${visitPackets.revokedAt} is null and ${visitPackets.lockedAt} is null and ${visitPackets.expiresAt} > now()`,
      ),
  );
  if (!row) throw gone();
  return text(await storage.get(row.storageId));
};
