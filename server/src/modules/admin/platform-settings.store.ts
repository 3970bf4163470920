import {
  defaultPlatformSettings,
  maxFileSizeBytes,
  type PlatformSettingsValues,
  parseSettingValue,
  SETTING_KEYS,
  type SettingKey,
  sessionTimeoutSeconds,
} from '@healthfolio/core';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { RealtimeBus } from '../../realtime/bus';
import { selectSettingRows } from './platform-settings.repository';

/**
 * How long a process answers settings from memory while it cannot hear changes from the others (its
 * realtime listener is lost): a change made by another process shows within it. While the listener
 * is up, a change reaches every process at once (settingsChanged on the bus) and no TTL applies.
 */
export const SETTINGS_CACHE_MS = 5_000;

export interface StoredSetting {
  value: PlatformSettingsValues[SettingKey];
  isDefault: boolean;
  updatedAt: Date | null;
  updatedBy: string | null;
}

export interface PlatformSettingsStore {
  /** The settings in force: stored values over the documented defaults (cached per process). */
  getPlatformSettings(): Promise<PlatformSettingsValues>;
  /** Every key with where its value came from (the admin console). */
  describe(): Promise<Record<SettingKey, StoredSetting>>;
  /** The upload limit in bytes (max_file_size); the documents upload limit reads it. */
  maxFileSizeBytes(): Promise<number>;
  /** The idle session timeout in seconds (session_timeout). */
  sessionTimeoutSeconds(): Promise<number>;
  /** Forget the cached values. */
  invalidate(): void;
  /** This process changed them: every process (this one included) reloads them before this resolves. */
  changed(): Promise<void>;
}

/**
 * Reads `platform_settings` in the system context once, then again after a change announced on the
 * realtime bus (or every SETTINGS_CACHE_MS while the bus cannot tell this process of changes). Until
 * an admin sets session_timeout, SESSION_IDLE_MINUTES is its value. A stored value that no longer
 * passes its schema (an older release wrote it) falls back to the default, with a warning.
 */
export const createPlatformSettingsStore = (
  db: Database,
  config: Pick<Config, 'session'>,
  logger: Logger,
  bus?: Pick<RealtimeBus, 'settingsChanged' | 'watchSettings' | 'settingsLive'>,
): PlatformSettingsStore => {
  const defaults = (): PlatformSettingsValues => ({
    ...defaultPlatformSettings(),
    session_timeout: { value: Math.round(config.session.idleSeconds / 60), unit: 'minutes' },
  });
  let cached: {
    at: number;
    data: Promise<Record<SettingKey, StoredSetting>>;
    /** The values alone, built once per read: every API request asks for them (maintenance gate). */
    values: Promise<PlatformSettingsValues>;
  } | null = null;

  const load = async () => {
    const rows = await db.asSystem((tx) => selectSettingRows(tx));
    const base = defaults();
    const out = {} as Record<SettingKey, StoredSetting>;
    for (const key of SETTING_KEYS) {
      const row = rows.find((r) => r.settingKey === key);
      const parsed = row ? parseSettingValue(key, row.settingValue) : null;
      if (row && !parsed?.success)
        logger.warn({ setting: key }, 'stored platform setting is invalid; default used');
      out[key] = parsed?.success
        ? { value: parsed.data, isDefault: false, updatedAt: row!.updatedAt, updatedBy: row!.updatedBy }
        : { value: base[key], isDefault: true, updatedAt: null, updatedBy: null };
    }
    return out;
  };

  const current = () => {
    const now = Date.now();
    const live = bus?.settingsLive() ?? false;
    if (!cached || (!live && now - cached.at >= SETTINGS_CACHE_MS)) {
      const data = load();
      const values = data.then(
        (all) => Object.fromEntries(SETTING_KEYS.map((k) => [k, all[k].value])) as PlatformSettingsValues,
      );
      values.catch(() => {});
      cached = { at: now, data, values };
      // A failed read is not kept: the next request tries again.
      data.catch(() => {
        if (cached?.data === data) cached = null;
      });
    }
    return cached;
  };

  const getPlatformSettings = () => current().values;

  const invalidate = () => {
    cached = null;
  };
  void bus?.watchSettings({ onChange: invalidate });

  return {
    getPlatformSettings,
    describe: () => current().data,
    maxFileSizeBytes: async () => maxFileSizeBytes((await getPlatformSettings()).max_file_size),
    sessionTimeoutSeconds: async () => sessionTimeoutSeconds((await getPlatformSettings()).session_timeout),
    invalidate,
    changed: async () => {
      invalidate();
      await bus?.settingsChanged();
    },
  };
};
