import { text } from 'node:stream/consumers';
import {
  PACKET_MAX_ATTEMPTS,
  SHL_PACKET_CONTENT_TYPE,
  type ShlManifestRequest,
  type ShlManifestResponse,
} from '@healthfolio/core/packets/packet.schema';
import type { Database } from '../../db/database';
import { ProblemError } from '../../http/problem';
import type { FileStorage } from '../../storage/file-storage';
import { recordAudit } from '../audit/audit.service';
import { hashShareToken, SHARE_TOKEN_PATTERN } from '../sharing/share-token';
import { passcodeMatches } from './packet-crypto';
import { countFailure, countOpen, lockUsablePacket } from './packets.repository';

export const SHL_INVALID = 'This link is not valid. It may have expired, been revoked or been locked.';

const invalid = () => new ProblemError(404, 'shl_invalid', SHL_INVALID);

export class WrongPasscode extends Error {
  constructor(readonly remainingAttempts: number) {
    super('wrong passcode');
  }
}

/**
 * The SHL manifest request: the passcode is checked with the packet's row locked, so the tenth wrong
 * one locks the link whatever arrives at the same time; unknown, expired, revoked and locked links
 * all answer the same 404. Each open and each wrong passcode is audited for the owner.
 */
export const openManifest = async (
  deps: { db: Database; storage: FileStorage; fileUrl: (packetId: string) => string },
  manifestId: string,
  req: ShlManifestRequest,
): Promise<ShlManifestResponse> => {
  const { db, storage } = deps;
  const wellFormed = SHARE_TOKEN_PATTERN.test(manifestId);
  const hash = hashShareToken(wellFormed ? manifestId : `invalid:${manifestId.slice(0, 100)}`);
  const outcome = await db.asSystem(async (tx) => {
    const row = await lockUsablePacket(tx, hash);
    if (!row || !wellFormed) return null;
    if (!(await passcodeMatches(req.passcode ?? '', row.passcodeHash))) {
      const failed = await countFailure(tx, row.id, PACKET_MAX_ATTEMPTS);
      await recordAudit(tx, row.userId, 'access_denied', 'visit_packet', row.id, {
        reason: 'wrong_passcode',
        failedAttempts: failed,
      });
      return { ok: false as const, remaining: PACKET_MAX_ATTEMPTS - failed };
    }
    await countOpen(tx, row.id);
    await recordAudit(tx, row.userId, 'read', 'visit_packet', row.id, {
      recipient: req.recipient.slice(0, 100),
    });
    return { ok: true as const, id: row.id, storageId: row.storageId };
  });
  if (!outcome) throw invalid();
  if (!outcome.ok) throw new WrongPasscode(outcome.remaining);
  const embedded = await text(await storage.get(outcome.storageId));
  // A client that caps embedded files gets a short-lived location instead (SHL manifest rules).
  const file =
    req.embeddedLengthMax !== undefined && embedded.length > req.embeddedLengthMax
      ? { contentType: SHL_PACKET_CONTENT_TYPE, location: deps.fileUrl(outcome.id) }
      : { contentType: SHL_PACKET_CONTENT_TYPE, embedded };
  return { status: 'finalized', files: [file] };
};
