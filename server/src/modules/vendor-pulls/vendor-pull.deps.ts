import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { type OutboundClient, parseOutboundAllow } from '../../http/outbound';
import type { Announcer } from '../glucose/write-readings';
import { createDexcomShareClient } from './dexcom-share.client';
import { createLibreLinkUpClient } from './librelinkup.client';
import type { VendorPullDeps } from './vendor-pull.service';

/** Both vendors' clients and the pull's rules, from the configuration (the routes and the scheduler). */
export const vendorPullDeps = (deps: {
  db: Database;
  notifier: Announcer;
  logger: Logger;
  config: Config;
  outbound: OutboundClient;
}): VendorPullDeps => ({
  db: deps.db,
  notifier: deps.notifier,
  logger: deps.logger,
  encryptionKey: deps.config.encryptionKey,
  intervalSeconds: deps.config.vendorPulls.intervalSeconds,
  dexcom: createDexcomShareClient(deps.outbound, deps.config.vendorPulls.dexcomShareUrls),
  libre: createLibreLinkUpClient(deps.outbound, {
    baseUrl: deps.config.vendorPulls.libreLinkUpUrl,
    version: deps.config.vendorPulls.libreLinkUpVersion,
    allow: parseOutboundAllow(deps.config.outboundAllow),
  }),
});
