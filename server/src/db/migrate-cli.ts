import { createLogger } from '../app-deps';
import { loadConfig } from '../config';
import { openDatabase } from './database';

const config = loadConfig();
const db = await openDatabase(config, createLogger(config.logLevel));
await db.migrate();
await db.close();
console.info(`Migrations applied (${config.databaseUrl ? 'PostgreSQL' : config.dataDir}).`);
