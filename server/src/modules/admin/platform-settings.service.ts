import {
  type PlatformSettingResponse,
  parseSettingValue,
  SETTING_DEFINITIONS,
  SETTING_KEYS,
  type SettingKey,
} from '@healthfolio/core';
import type { Database } from '../../db/database';
import { ProblemError, zodIssues } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import { deleteSettingRow, upsertSettingRow } from './platform-settings.repository';
import type { PlatformSettingsStore } from './platform-settings.store';

interface Deps {
  db: Database;
  settings: PlatformSettingsStore;
}

export const listSettings = async ({ settings }: Deps): Promise<PlatformSettingResponse[]> => {
  const all = await settings.describe();
  return SETTING_KEYS.map((key) => ({
    key,
    value: all[key].value as Record<string, unknown>,
    category: SETTING_DEFINITIONS[key].category,
    description: SETTING_DEFINITIONS[key].description,
    isDefault: all[key].isDefault,
    updatedAt: all[key].updatedAt?.toISOString() ?? null,
    updatedBy: all[key].updatedBy,
  }));
};

/** Validates the value against its key's schema (400 listing every issue), stores it and audits it. */
export const updateSetting = async (deps: Deps, adminId: string, key: SettingKey, value: unknown) => {
  const parsed = parseSettingValue(key, value);
  if (!parsed.success)
    throw new ProblemError(
      400,
      'validation_failed',
      'The setting is not valid. See errors for each problem.',
      zodIssues(parsed.error).map((i) => ({
        path: i.path === '(root)' ? 'value' : `value.${i.path}`,
        message: i.message,
      })),
    );
  await deps.db.asSystem(async (tx) => {
    await upsertSettingRow(tx, {
      key,
      value: parsed.data as Record<string, unknown>,
      category: SETTING_DEFINITIONS[key].category,
      description: SETTING_DEFINITIONS[key].description,
      updatedBy: adminId,
    });
    await recordAudit(tx, adminId, 'update_setting', 'platform_setting', key, { key, value: parsed.data });
  });
  await deps.settings.changed();
  return (await listSettings(deps)).find((s) => s.key === key)!;
};

/** "Reset to Defaults": every stored value is removed, so each key has its documented default again. */
export const resetSettings = async (deps: Deps, adminId: string) => {
  await deps.db.asSystem(async (tx) => {
    for (const key of SETTING_KEYS) {
      const [gone] = await deleteSettingRow(tx, key);
      if (gone)
        await recordAudit(tx, adminId, 'update_setting', 'platform_setting', key, { key, reset: true });
    }
  });
  await deps.settings.changed();
  return listSettings(deps);
};
