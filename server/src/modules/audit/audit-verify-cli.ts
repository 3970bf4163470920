import { createLogger } from '../../app-deps';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { verifyAuditChains } from './audit-verify';

// `npm run audit:verify`: exit 0 when every chain is whole, 1 when any is broken (its first break named).
// Each chain's head is printed, so an operator can keep the list elsewhere and compare a later run.
const config = loadConfig();
const db = await openDatabase(config, createLogger(config.logLevel));
try {
  const report = await verifyAuditChains(db);
  for (const c of report.broken) {
    const { seq, id, reason } = c.broken!;
    console.error(`✗ Audit chain ${c.chain} broken at row ${seq}${id ? ` (id ${id})` : ''}: ${reason}.`);
    console.error(`  ${c.rows} rows before it verified.`);
  }
  if (report.broken.length > 0) process.exitCode = 1;
  else console.info(`✓ Audit chains intact: ${report.rows} rows in ${report.chains.length} chains.`);
  console.info('Heads (chain, last row, hash). Keep a copy elsewhere: a later run must still reach them.');
  for (const c of report.chains) console.info(`  ${c.chain} ${c.headSeq} ${c.headHash}`);
} finally {
  await db.close();
}
