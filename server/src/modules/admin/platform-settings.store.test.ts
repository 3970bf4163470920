import { SETTING_DEFINITIONS } from '@healthfolio/core';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../../test/harness';
import type { Database } from '../../db/database';
import { createMemoryBus } from '../../realtime/bus';
import { createPlatformSettingsStore, SETTINGS_CACHE_MS } from './platform-settings.store';

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
});
afterAll(async () => {
  await db.close();
  await drop();
});
afterEach(() => vi.useRealTimers());

const config = { session: { idleSeconds: 3600 } } as Parameters<typeof createPlatformSettingsStore>[1];
const logger = pino({ level: 'silent' });
let n = 0;
/** Another process's change: the row is written, this store is not told. */
const writeElsewhere = () =>
  db.asSystem((tx) =>
    tx.execute(sql`
      insert into platform_settings (setting_key, setting_value, category, description)
      values ('maintenance_mode', ${JSON.stringify({ enabled: true, message: `Change ${++n}` })}::jsonb,
        ${SETTING_DEFINITIONS.maintenance_mode.category}, ${SETTING_DEFINITIONS.maintenance_mode.description})
      on conflict (setting_key) do update set setting_value = excluded.setting_value`),
  );
const message = async (store: ReturnType<typeof createPlatformSettingsStore>) =>
  (await store.getPlatformSettings()).maintenance_mode.message;

describe('the settings cache', () => {
  it('while the bus carries changes: holds its values past the TTL and reloads on a change message', async () => {
    const bus = createMemoryBus();
    const store = createPlatformSettingsStore(db, config, logger, bus);
    await writeElsewhere();
    expect(await message(store)).toBe(`Change ${n}`);
    const before = n;
    await writeElsewhere();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10 * SETTINGS_CACHE_MS });
    expect(await message(store)).toBe(`Change ${before}`);
    await bus.settingsChanged();
    expect(await message(store)).toBe(`Change ${n}`);
  });

  it('when the listener is lost: falls back to reloading every SETTINGS_CACHE_MS', async () => {
    const bus = { ...createMemoryBus(), settingsLive: () => false };
    const store = createPlatformSettingsStore(db, config, logger, bus);
    await writeElsewhere();
    expect(await message(store)).toBe(`Change ${n}`);
    const before = n;
    await writeElsewhere();
    expect(await message(store)).toBe(`Change ${before}`);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SETTINGS_CACHE_MS });
    expect(await message(store)).toBe(`Change ${n}`);
  });
});
