import { desc, isNotNull } from 'drizzle-orm';
import { createLogger } from '../app-deps';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { mailOutbox } from '../db/schema';
import { openBody } from './outbox-seal';

// `npm run mail:outbox [-- <address>]`: the undelivered messages still kept (newest first), bodies
// opened with ENCRYPTION_KEY. Delivered messages keep no body.
const config = loadConfig();
const to = process.argv[2]?.toLowerCase();
const db = await openDatabase(config, createLogger(config.logLevel));
try {
  const rows = await db.asSystem((tx) =>
    tx.select().from(mailOutbox).where(isNotNull(mailOutbox.textBody)).orderBy(desc(mailOutbox.createdAt)),
  );
  const shown = rows.filter((r) => !to || r.toAddress === to);
  for (const r of shown) {
    let body: string;
    try {
      body = openBody(r.textBody!, config.encryptionKey);
    } catch {
      body = '(sealed with another ENCRYPTION_KEY: cannot be opened)';
    }
    console.info(
      `── ${r.createdAt.toISOString()}  ${r.status}  to ${r.toAddress}\n   ${r.subject}\n\n${body}\n`,
    );
  }
  console.info(`${shown.length} undelivered message${shown.length === 1 ? '' : 's'} kept.`);
} finally {
  await db.close();
}
