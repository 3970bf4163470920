import {
  isLiveShare,
  LIVE_SHARES_MAX,
  SHARE_CATEGORY_LABELS,
  type ShareAccessLogResponse,
  type ShareCategory,
  type ShareCreatedResponse,
  ShareCreateRequest,
  type ShareListResponse,
  type ShareResponse,
  type ShareUpdateRequest,
  shareExpiresAt,
  shareStatus,
} from '@healthfolio/core';
import type { Database, Tx } from '../../db/database';
import { notFound, ProblemError } from '../../http/problem';
import type { Mailer } from '../../mail/mailer';
import { shareInvitationEmail } from '../../mail/templates';
import { changedFields, recordAudit } from '../audit/audit.service';
import { deviceName } from '../audit/user-agent';
import { findProfile } from '../profiles/profiles.repository';
import {
  hashShareToken,
  newShareToken,
  openToken,
  type SharingConfig,
  sealToken,
  shareLink,
} from './share-token';
import { presentShare } from './sharing.presenter';
import {
  insertShare,
  lockAndCountLiveShares,
  replacePermissions,
  selectAccessLog,
  selectLiveShares,
  selectShare,
  selectShares,
  updateShareRow,
} from './sharing.repository';

/** Spec calls 14 and 15: the share, its categories, the audit row, then the invitation email. */
export const createShare = async (
  db: Database,
  mailer: Mailer,
  cfg: SharingConfig,
  userId: string,
  input: ShareCreateRequest,
): Promise<ShareCreatedResponse> => {
  const req = ShareCreateRequest.parse(input);
  const token = newShareToken();
  const link = shareLink(cfg.appUrl, token);
  const { row, ownerName } = await db.asUser(userId, async (tx) => {
    if ((await lockAndCountLiveShares(tx, userId)) >= LIVE_SHARES_MAX)
      throw new ProblemError(
        409,
        'too_many_shares',
        `You can have at most ${LIVE_SHARES_MAX} active shares. Revoke one you no longer need first.`,
      );
    const share = await insertShare(tx, {
      userId,
      sharedWithEmail: req.email.toLowerCase(),
      sharedWithName: req.name || null,
      accessType: req.accessType,
      expiresAt: shareExpiresAt(req.expiresInDays, new Date()),
      message: req.message || null,
      tokenHash: hashShareToken(token),
      sealedToken: sealToken(token, cfg.encryptionKey),
      requireSignIn: req.requireSignIn,
      alertOnLow: req.alertOnLow,
    });
    await replacePermissions(tx, userId, share.id, req.categories);
    await recordAudit(tx, userId, 'create', 'shared_access', share.id, {
      categories: req.categories,
      accessType: req.accessType,
      expiresInDays: req.expiresInDays,
    });
    const profile = await findProfile(tx, userId);
    return {
      row: (await selectShare(tx, userId, share.id))!,
      ownerName: profile?.displayName ?? 'A Healthfolio user',
    };
  });
  await mailer.send({
    ...shareInvitationEmail({
      ownerName,
      link,
      message: row.message,
      categories: row.categories.map((c) => SHARE_CATEGORY_LABELS[c]),
      expiresAt: row.expiresAt,
      requireSignIn: row.requireSignIn,
    }),
    to: row.sharedWithEmail,
    userId,
  });
  return { ...presentShare(row), link, emailed: mailer.mode === 'smtp' };
};

export const listShares = (db: Database, userId: string): Promise<ShareListResponse> =>
  db.asUser(userId, async (tx) => {
    const now = new Date();
    return { items: (await selectShares(tx, userId)).map((r) => presentShare(r, now)) };
  });

const ownShare = async (tx: Tx, userId: string, id: string) => {
  const row = await selectShare(tx, userId, id);
  if (!row) throw notFound('No share with this id');
  return row;
};

/** Manage Permissions: categories, level and a new expiry (from now); not for a revoked share. */
export const updateShare = (db: Database, userId: string, id: string, patch: ShareUpdateRequest) =>
  db.asUser(userId, async (tx): Promise<ShareResponse> => {
    const row = await ownShare(tx, userId, id);
    if (row.revokedAt)
      throw new ProblemError(409, 'conflict', 'This share was revoked; invite again instead.');
    await updateShareRow(tx, userId, id, {
      ...(patch.accessType && { accessType: patch.accessType }),
      ...(patch.alertOnLow !== undefined && { alertOnLow: patch.alertOnLow }),
      ...(patch.expiresInDays !== undefined && {
        expiresAt: shareExpiresAt(patch.expiresInDays, new Date()),
      }),
    });
    if (patch.categories) await replacePermissions(tx, userId, id, patch.categories as ShareCategory[]);
    await recordAudit(tx, userId, 'update', 'shared_access', id, { fields: changedFields(patch) });
    return presentShare((await selectShare(tx, userId, id))!);
  });

export type ShareActor = { userId: string; asAdmin?: false } | { userId: string; asAdmin: true };

/**
 * Spec call 16, the one way a share is revoked: by its owner, or by an admin (the admin console, in the
 * system context, audited as revoke_share under the admin's id; a revoked or expired share answers 409
 * there). Effective on the caregiver's next request: the data tables' share policies read revoked_at.
 * An owner revoking twice keeps the first time.
 */
export const revokeShare = async (db: Database, actor: ShareActor, id: string): Promise<ShareResponse> => {
  const work = async (tx: Tx) => {
    const owner = actor.asAdmin ? null : actor.userId;
    const row = await selectShare(tx, owner, id);
    if (!row) throw notFound('No share with this id');
    if (actor.asAdmin) {
      const status = shareStatus(row, new Date());
      if (!isLiveShare(status)) throw new ProblemError(409, 'conflict', `This share is already ${status}.`);
    }
    if (!row.revokedAt) await updateShareRow(tx, owner, id, { revokedAt: new Date() });
    await recordAudit(
      tx,
      actor.userId,
      actor.asAdmin ? 'revoke_share' : 'revoke',
      'shared_access',
      id,
      actor.asAdmin ? { owner: row.userId } : {},
    );
    return presentShare((await selectShare(tx, owner, id))!);
  };
  return actor.asAdmin ? db.asSystem(work) : db.asUser(actor.userId, work);
};

/** "Link copied": the owner gets the same link again (opened from its sealed copy). */
export const getShareLink = (db: Database, cfg: SharingConfig, userId: string, id: string) =>
  db.asUser(userId, async (tx) => {
    const row = await ownShare(tx, userId, id);
    const status = shareStatus(row, new Date());
    if (status === 'revoked' || status === 'expired')
      throw new ProblemError(409, 'conflict', `This share is ${status}; its link no longer opens anything.`);
    return { link: shareLink(cfg.appUrl, openToken(row.sealedToken, cfg.encryptionKey)) };
  });

export const shareAccessLog = (db: Database, userId: string, id: string): Promise<ShareAccessLogResponse> =>
  db.asUser(userId, async (tx) => {
    await ownShare(tx, userId, id);
    const rows = await selectAccessLog(tx, userId, id);
    return {
      items: rows.map((r) => ({
        at: r.at.toISOString(),
        ipAddress: r.ipAddress,
        userAgent: r.userAgent,
        device: deviceName(r.userAgent),
        viewed: String(r.details?.viewed ?? 'overview'),
      })),
    };
  });

/**
 * The owner's caregivers with a usable share right now (pending or active), for alerts about the
 * owner (dosing safety): whom to tell, never what the share grants beyond the access level.
 */
export const activeCaregivers = async (tx: Tx, ownerId: string) =>
  (await selectLiveShares(tx, ownerId)).map((r) => ({
    shareId: r.id,
    email: r.sharedWithEmail,
    name: r.sharedWithName,
    accessType: r.accessType,
    categories: r.categories,
    boundUserId: r.boundUserId,
    alertOnLow: r.alertOnLow,
  }));
