import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createLogger } from '../../app-deps';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { parseKeptHeads, verifyAuditChains } from './audit-verify';

// `npm run audit:verify [-- <kept heads file>]`: exit 0 when every chain is whole (and reaches every kept
// head), 1 otherwise, naming each chain's first break. Each chain's head is printed, so an operator can
// keep that output elsewhere and give it to a later run. npm runs this in server/: the file is resolved
// from where the command was typed (INIT_CWD).
const file = process.argv[2];
const readKept = (path: string) => {
  try {
    return parseKeptHeads(readFileSync(resolve(process.env.INIT_CWD ?? '.', path), 'utf8'));
  } catch (err) {
    console.error(`✗ Cannot read the kept heads in ${path}: ${(err as Error).message}`);
    process.exit(2);
  }
};
const kept = file ? readKept(file) : [];
const config = loadConfig();
const db = await openDatabase(config, createLogger(config.logLevel));
try {
  const report = await verifyAuditChains(db, kept);
  for (const c of report.broken) {
    const { seq, id, reason } = c.broken!;
    console.error(`✗ Audit chain ${c.chain} broken at row ${seq}${id ? ` (id ${id})` : ''}: ${reason}.`);
    console.error(`  ${c.rows} rows before it verified.`);
  }
  for (const k of report.unreached)
    console.error(`✗ Kept head not reached: chain ${k.chain} row ${k.seq}: ${k.reason}.`);
  if (report.broken.length > 0 || report.unreached.length > 0) process.exitCode = 1;
  else console.info(`✓ Audit chains intact: ${report.rows} rows in ${report.chains.length} chains.`);
  if (file) console.info(`  ${kept.length - report.unreached.length} of ${kept.length} kept heads reached.`);
  console.info('Heads (chain, last row, hash). Keep a copy elsewhere: a later run must still reach them.');
  for (const c of report.chains) console.info(`  ${c.chain} ${c.headSeq} ${c.headHash}`);
} finally {
  await db.close();
}
