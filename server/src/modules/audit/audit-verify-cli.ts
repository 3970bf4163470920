import { createLogger } from '../../app-deps';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { verifyAuditChain } from './audit-verify';

// `npm run audit:verify`: exit 0 when the chain is whole, 1 at the first broken row.
const config = loadConfig();
const db = await openDatabase(config, createLogger(config.logLevel));
try {
  const report = await verifyAuditChain(db);
  if (report.broken) {
    const { seq, id, reason } = report.broken;
    console.error(`✗ Audit chain broken at row ${seq}${id ? ` (id ${id})` : ''}: ${reason}.`);
    console.error(`  ${report.rows} rows before it verified.`);
    process.exitCode = 1;
  } else {
    console.info(`✓ Audit chain intact: ${report.rows} rows.`);
    console.info(`  Head: row ${report.headSeq}, hash ${report.headHash}`);
    console.info('  Keep a copy of the head hash elsewhere: a later run must still reach it.');
  }
} finally {
  await db.close();
}
