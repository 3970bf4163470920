import { type AccessLevel, type SharedWithMeResponse, shareStatus } from '@healthfolio/core';
import type { Database } from '../../db/database';
import { openToken, type SharingConfig, shareLink } from './share-token';
import { selectBoundShares } from './sharing.repository';

/**
 * A caregiver's "Shared with me": shares bound to their account by a signed-in open. Read in the
 * system context (the owners' names are in their profiles), filtered by the binding.
 */
export const sharedWithMe = (
  db: Database,
  cfg: SharingConfig,
  caregiverId: string,
): Promise<SharedWithMeResponse> =>
  db.asSystem(async (tx) => {
    const now = new Date();
    return {
      items: (await selectBoundShares(tx, caregiverId)).map((r) => ({
        id: r.id,
        ownerName: r.ownerName,
        categories: r.categories,
        accessType: r.accessType as AccessLevel,
        expiresAt: r.expiresAt?.toISOString() ?? null,
        status: shareStatus(r, now),
        link:
          r.revokedAt || (r.expiresAt && r.expiresAt <= now)
            ? null
            : shareLink(cfg.appUrl, openToken(r.sealedToken, cfg.encryptionKey)),
      })),
    };
  });
