import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/database';

export const GENESIS_HASH = '0'.repeat(64);
/** The single chain of the rows written before per-user chains (their `chain` is null). */
export const GLOBAL_CHAIN = 'global';
const BATCH = 1000;

export interface ChainBreak {
  /** The position in its chain of the first row that does not fit (one past the end for a cut-off). */
  seq: number;
  id: string | null;
  reason: string;
}

export interface ChainReport {
  chain: string;
  /** Rows verified before the first break (all of them when the chain is whole). */
  rows: number;
  headSeq: number;
  headHash: string;
  broken: ChainBreak | null;
}

/** A head an operator kept from an earlier run: that row must still be there with that hash. */
export interface KeptHead {
  chain: string;
  seq: number;
  hash: string;
}

export interface AuditReport {
  /** Rows verified over all chains. */
  rows: number;
  /** Every chain, by name. */
  chains: ChainReport[];
  /** The chains with a break, each with its first one. */
  broken: ChainReport[];
  /** The kept heads the table no longer reaches, each with why. */
  unreached: (KeptHead & { reason: string })[];
}

const HEAD_LINE = /^\s*(\S+) (\d+) ([0-9a-f]{64})\s*$/;

/** The `chain seq hash` lines of an earlier run's output (other lines are ignored). */
export const parseKeptHeads = (text: string): KeptHead[] =>
  text.split('\n').flatMap((line) => {
    const m = HEAD_LINE.exec(line);
    return m && Number(m[2]) > 0 ? [{ chain: m[1]!, seq: Number(m[2]), hash: m[3]! }] : [];
  });

type Row = {
  seq: string;
  chain: string;
  chain_seq: string;
  id: string;
  prev_hash: string;
  hash: string;
  expected: string;
  content_ok: boolean;
};
type Head = { chain: string; last_seq: string; last_hash: string };
type Walk = { rows: number; lastSeq: number; lastHash: string; broken: ChainBreak | null };
const start = (): Walk => ({ rows: 0, lastSeq: 0, lastHash: GENESIS_HASH, broken: null });

/** Checks one row against what its chain reached so far; the first break stops that chain's walk. */
const step = (w: Walk, r: Row) => {
  if (w.broken) return;
  const seq = Number(r.chain_seq);
  const at = (reason: string) => {
    w.broken = { seq, id: r.id, reason };
  };
  if (seq > w.lastSeq + 1) return at(`row ${w.lastSeq + 1} is missing`);
  if (seq <= w.lastSeq) return at(`row ${seq} appears twice`);
  if (r.prev_hash !== w.lastHash) return at('its prev_hash is not the previous row’s hash');
  if (r.hash !== r.expected || !r.content_ok) return at('its content does not match its hash');
  w.lastSeq = seq;
  w.lastHash = r.hash;
  w.rows++;
};

/** Compares a chain's end with its head: a cut-off end, a head without rows or rows without a head. */
const finish = (chain: string, w: Walk, head: Head | undefined): ChainReport => {
  const headSeq = head ? Number(head.last_seq) : 0;
  const headHash = head?.last_hash ?? GENESIS_HASH;
  let broken = w.broken;
  if (!broken && !head) broken = { seq: 1, id: null, reason: 'the chain head is missing' };
  if (!broken && (w.lastSeq !== headSeq || w.lastHash !== headHash))
    broken = {
      seq: w.lastSeq + 1,
      id: null,
      reason: `the chain head records ${headSeq} rows; the table ends at ${w.lastSeq}`,
    };
  return { chain, rows: w.rows, headSeq, headHash, broken };
};

/**
 * The hash of a row written since account erasure covers a digest of its details, IP address and user
 * agent: those must match it, unless the row was erased (then all three are blank).
 */
const CONTENT_OK = sql.raw(`case when a.content_digest is null then true
  when a.scrubbed_at is not null then a.details is null and a.ip_address is null and a.user_agent is null
  else a.content_digest = audit_log_content_digest(a) end`);

/** Each kept head's row as the walk found it: its hash, or absent. */
const keyOf = (chain: string, seq: number | string) => `${chain} ${seq}`;

const walkAll = async (tx: Tx, kept: Map<string, string | null>) => {
  const walks = new Map<string, Walk>();
  let after = 0;
  for (;;) {
    const batch = (
      await tx.execute<Row>(sql`
        select seq, coalesce(chain, ${GLOBAL_CHAIN}) as chain, coalesce(chain_seq, seq) as chain_seq, id,
          prev_hash, hash, audit_log_row_hash(prev_hash, a) as expected, ${CONTENT_OK} as content_ok
        from audit_logs a where seq > ${after} order by seq limit ${BATCH}`)
    ).rows;
    for (const r of batch) {
      const w = walks.get(r.chain) ?? start();
      walks.set(r.chain, w);
      step(w, r);
      const key = keyOf(r.chain, r.chain_seq);
      if (kept.has(key)) kept.set(key, r.hash);
      after = Number(r.seq);
    }
    if (batch.length < BATCH) return walks;
  }
};

/**
 * Walks every audit chain — each user's, the system chains, and the single chain from before them —
 * recomputing each row's hash with the same SQL function the insert trigger uses, and reports per chain
 * the first row that does not fit: changed content (hash differs), a removed or inserted row (a gap in
 * the chain's positions, or prev_hash not the previous row's hash), or a cut-off end (the chain's head
 * records more than the table holds). One pass in `seq` order, which within a chain is its order. It
 * reads one snapshot (repeatable read), so writes committed meanwhile do not look like a cut-off end.
 * `kept` heads (from an earlier run, kept outside the database) must still be there, unchanged: this is
 * what shows a chain rewritten consistently, or cut short with its head rewritten.
 */
export const verifyAuditChains = (db: Database, kept: KeptHead[] = []): Promise<AuditReport> =>
  db.owner.transaction(
    async (tx) => {
      // The owner may be subject to FORCE ROW LEVEL SECURITY: read as the system context.
      await tx.execute(sql`select set_config('app.system', 'on', true)`);
      const found = new Map<string, string | null>(kept.map((k) => [keyOf(k.chain, k.seq), null]));
      const walks = await walkAll(tx, found);
      const heads = new Map(
        (await tx.execute<Head>(sql`select chain, last_seq, last_hash from audit_chain_heads`)).rows.map(
          (h) => [h.chain, h],
        ),
      );
      const names = [...new Set([...walks.keys(), ...heads.keys()])].sort();
      const chains = names.map((name) => finish(name, walks.get(name) ?? start(), heads.get(name)));
      return {
        rows: chains.reduce((n, c) => n + c.rows, 0),
        chains,
        broken: chains.filter((c) => c.broken),
        unreached: kept.flatMap((k) => {
          const hash = found.get(keyOf(k.chain, k.seq));
          if (hash === k.hash) return [];
          const reason = hash ? 'its hash is not the one kept' : 'the row is no longer in the table';
          return [{ ...k, reason }];
        }),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
