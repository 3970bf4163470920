import type { Database } from '../../db/database';
import { hasCauseCode } from '../../db/error-cause';
import type { NamedStatement } from '../../db/pipelined-begin';
import { type AuthRow, LAST_USED_EVERY_MS } from './ns-credentials.repository';
import { type PresentedSecret, secretMatches, storedSecretHash } from './ns-credentials.service';

/**
 * The upload credentials this process has let through its door lately, by slug, per database: an
 * upload that presents one of their secrets (checked here, in constant time, before its body is read)
 * sends the door's budget and a check of the credential in the same write as its transaction,
 * instead of a round trip of their own before it. The database decides, not this cache: the check
 * (`doorCheck`) fails the transaction when the budget is spent or the credential is gone, changed or
 * someone else's, and the request then takes the ordinary door. While the credential's `last_used_at`
 * is due for a refresh, the ordinary door runs too (it refreshes it).
 */
interface SeenCredential {
  id: string;
  userId: string;
  secretHash: string;
  secretHashSha512: string | null;
  /** When `last_used_at` was last written, as far as this process knows. */
  usedAt: number;
}

const MAX_REMEMBERED = 10_000;
const seen = new WeakMap<Database, Map<string, SeenCredential>>();

const mapOf = (db: Database) => {
  let map = seen.get(db);
  if (!map) {
    map = new Map();
    seen.set(db, map);
  }
  return map;
};

/** After the ordinary door let `row` through (and refreshed its `last_used_at` when it was due). */
export const rememberCredential = (db: Database, row: AuthRow) => {
  const map = mapOf(db);
  const used = row.lastUsedAt ? new Date(row.lastUsedAt).getTime() : 0;
  const usedAt = Date.now() - used < LAST_USED_EVERY_MS ? used : Date.now();
  map.delete(row.slug);
  if (map.size >= MAX_REMEMBERED) map.delete(map.keys().next().value!);
  map.set(row.slug, {
    id: row.id,
    userId: row.userId,
    secretHash: row.secretHash,
    secretHashSha512: row.secretHashSha512,
    usedAt,
  });
};

export const forgetCredential = (db: Database, slug: string) => {
  seen.get(db)?.delete(slug);
};

/** The credential this process let through for `slug`, when `presented` is its secret and no refresh is due. */
export const rememberedCredential = (db: Database, slug: string, presented: PresentedSecret) => {
  const found = seen.get(db)?.get(slug);
  if (!found || Date.now() - found.usedAt >= LAST_USED_EVERY_MS) return null;
  return secretMatches(found, presented) ? found : null;
};

/**
 * The check that travels ahead of the upload's first statement, in the user's scope (so only their
 * own credentials are visible): the budget sent before `begin` left the door open, and the credential
 * still exists with this secret. Refused (SQLSTATE HF403) otherwise.
 */
export const doorCheck = (credentialId: string, presented: PresentedSecret): NamedStatement => ({
  name: `healthfolio_ns_door_check_${presented.algorithm}`,
  text: `select app_refuse_unless(current_setting('app.door_open', true) = 'true' and exists (
      select 1 from ns_upload_credentials
      where id = $1 and ${presented.algorithm === 'sha512' ? 'secret_hash_sha512' : 'secret_hash'} = $2))`,
  values: [credentialId, storedSecretHash(presented.hex)],
});

/** Whether a request failed because the check above refused it (the ORM wraps the driver's error). */
export const refusedAtDoor = (err: unknown) => hasCauseCode(err, 'HF403');
