import { defaultDisplayName, type ProfileUpdateRequest } from '@healthfolio/core';
import type { Database } from '../../db/database';
import type { SessionUser } from '../../http/context';
import { changedBetween, recordAudit } from '../audit/audit.service';
import { presentProfile } from './profiles.presenter';
import { findProfile, insertProfile, updateProfile } from './profiles.repository';

/**
 * Every account has a profile; one missing (an account from before profiles existed) is created on
 * read. The common case is one read-only round trip.
 */
export const getOwnProfile = async (db: Database, user: SessionUser) => {
  const row = await db.readAsUser(user.id, (tx) => findProfile(tx, user.id));
  if (row) return presentProfile(row);
  return db.asUser(user.id, async (tx) => {
    await insertProfile(tx, user.id, defaultDisplayName(user.name, user.email));
    return presentProfile((await findProfile(tx, user.id))!);
  });
};

export const updateOwnProfile = (db: Database, user: SessionUser, patch: ProfileUpdateRequest) =>
  db.asUser(user.id, async (tx) => {
    let before = await findProfile(tx, user.id);
    if (!before) {
      await insertProfile(tx, user.id, defaultDisplayName(user.name, user.email));
      before = await findProfile(tx, user.id);
    }
    const row = await updateProfile(tx, user.id, patch);
    await recordAudit(tx, user.id, 'update', 'profile', user.id, {
      fields: changedBetween(patch, presentProfile(before!), presentProfile(row!)),
    });
    return presentProfile(row!);
  });
