import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';

export const GENESIS_HASH = '0'.repeat(64);
const BATCH = 1000;

export interface ChainBreak {
  seq: number;
  id: string | null;
  reason: string;
}

export interface ChainReport {
  rows: number;
  headSeq: number;
  headHash: string;
  broken: ChainBreak | null;
}

type Row = { seq: string; id: string; prev_hash: string; hash: string; expected: string };

/**
 * Walks the audit chain in sequence order, recomputing each row's hash with the same SQL function the
 * insert trigger uses, and reports the first row that does not fit: changed content (hash differs),
 * a removed or inserted row (sequence gap, or prev_hash not the previous row's hash), or a cut-off end
 * (the chain head records more than the table holds).
 */
export const verifyAuditChain = (db: Database): Promise<ChainReport> =>
  db.asSystem(async (tx) => {
    const head = (
      await tx.execute<{ last_seq: string; last_hash: string }>(
        sql`select last_seq, last_hash from audit_chain`,
      )
    ).rows[0];
    if (!head)
      return {
        rows: 0,
        headSeq: 0,
        headHash: GENESIS_HASH,
        broken: { seq: 0, id: null, reason: 'the chain head is missing' },
      };
    const headSeq = Number(head.last_seq);
    let prevSeq = 0;
    let prevHash = GENESIS_HASH;
    let rows = 0;
    for (;;) {
      const batch = (
        await tx.execute<Row>(sql`
          select seq, id, prev_hash, hash, audit_log_row_hash(prev_hash, a) as expected
          from audit_logs a where seq > ${prevSeq} order by seq limit ${BATCH}`)
      ).rows;
      for (const r of batch) {
        const seq = Number(r.seq);
        const at = (reason: string) => ({
          rows,
          headSeq,
          headHash: head.last_hash,
          broken: { seq, id: r.id, reason },
        });
        if (seq !== prevSeq + 1) return at(`row ${prevSeq + 1} is missing`);
        if (r.prev_hash !== prevHash) return at('its prev_hash is not the previous row’s hash');
        if (r.hash !== r.expected) return at('its content does not match its hash');
        prevSeq = seq;
        prevHash = r.hash;
        rows++;
      }
      if (batch.length < BATCH) break;
    }
    const broken =
      prevSeq !== headSeq || prevHash !== head.last_hash
        ? {
            seq: prevSeq + 1,
            id: null,
            reason: `the chain head records ${headSeq} rows; the table ends at ${prevSeq}`,
          }
        : null;
    return { rows, headSeq, headHash: head.last_hash, broken };
  });
