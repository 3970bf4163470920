import { maxFileSizeBytes, type PublicOverviewResponse } from '@healthfolio/core';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { connectableKinds } from '../health-systems/connect.service';
import { adminAccountTx } from './admin-tx';
import { aiLocation } from './ai-location';
import { ACCOUNTS, GLUCOSE_READINGS, TRACKER_ENTRIES } from './instance-figures';
import type { PlatformSettingsStore } from './platform-settings.store';

const USAGE_CACHE_MS = 60_000;
let usageCache: {
  at: number;
  db: Database;
  value: Promise<NonNullable<PublicOverviewResponse['usage']>>;
} | null = null;

const countUsage = async (db: Database) => {
  const { rows } = await adminAccountTx(db, (tx) =>
    tx.execute<{ accounts: number; entries: number; caregivers: number }>(sql`
      select ${ACCOUNTS} as accounts, ${TRACKER_ENTRIES} + ${GLUCOSE_READINGS} as entries,
        (select count(distinct lower(shared_with_email))::int from shared_access
          where revoked_at is null and (expires_at is null or expires_at > now())) as caregivers`),
  );
  return {
    accounts: Number(rows[0]!.accounts),
    entriesLogged: Number(rows[0]!.entries),
    caregivers: Number(rows[0]!.caregivers),
  };
};

/** Counted at most once a minute: anyone can call this, so it must stay cheap. */
export const publicOverview = async (deps: {
  db: Database;
  settings: PlatformSettingsStore;
  config: Pick<Config, 'ai' | 'terra'>;
}): Promise<PublicOverviewResponse> => {
  const s = await deps.settings.getPlatformSettings();
  let usage: PublicOverviewResponse['usage'] = null;
  if (s.landing_page.show_usage_figures) {
    if (!usageCache || usageCache.db !== deps.db || Date.now() - usageCache.at >= USAGE_CACHE_MS) {
      const value = countUsage(deps.db);
      usageCache = { at: Date.now(), db: deps.db, value };
      value.catch(() => {
        usageCache = null;
      });
    }
    usage = await usageCache.value;
  }
  return {
    maintenance: {
      enabled: s.maintenance_mode.enabled,
      message: s.maintenance_mode.enabled ? s.maintenance_mode.message : null,
    },
    registration: {
      open: s.user_registration.enabled,
      requiresApproval: s.user_registration.require_approval,
    },
    usage,
    features: {
      ai: aiLocation(deps.config.ai),
      devices: Boolean(deps.config.terra),
      uploadLimitBytes: maxFileSizeBytes(s.max_file_size),
      healthSystems: await connectableKinds(deps.db),
    },
  };
};
