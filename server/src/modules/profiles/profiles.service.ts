import { defaultDisplayName, type ProfileUpdateRequest } from '@healthfolio/core';
import type { Database } from '../../db/database';
import type { SessionUser } from '../../http/context';
import { changedFields, recordAudit } from '../audit/audit.service';
import { presentProfile } from './profiles.presenter';
import { findProfile, insertProfile, updateProfile } from './profiles.repository';

/** Every account has a profile; one missing (an account from before profiles existed) is created on read. */
export const getOwnProfile = (db: Database, user: SessionUser) =>
  db.asUser(user.id, async (tx) => {
    let row = await findProfile(tx, user.id);
    if (!row) {
      await insertProfile(tx, user.id, defaultDisplayName(user.name, user.email));
      row = await findProfile(tx, user.id);
    }
    return presentProfile(row!);
  });

export const updateOwnProfile = (db: Database, user: SessionUser, patch: ProfileUpdateRequest) =>
  db.asUser(user.id, async (tx) => {
    if (!(await findProfile(tx, user.id)))
      await insertProfile(tx, user.id, defaultDisplayName(user.name, user.email));
    const row = await updateProfile(tx, user.id, patch);
    await recordAudit(tx, user.id, 'update', 'profile', user.id, { fields: changedFields(patch) });
    return presentProfile(row!);
  });
