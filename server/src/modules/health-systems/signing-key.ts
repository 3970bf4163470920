import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Database } from '../../db/database';
import { instanceSigningKeys } from '../../db/schema';
import { openSecret, sealSecret } from '../vendor-pulls/vendor-seal';

const ALG = 'ES384';

/**
 * The instance's key for private_key_jwt (SMART's asymmetric client authentication): made once, on
 * first use, and kept with its private half sealed by the storage key. Two processes making it at
 * once keep the first (the primary key is its thumbprint; the loser reads the winner's).
 */
const ensureKey = async (db: Database, encryptionKey: string) => {
  const existing = await db.asSystem((tx) => tx.select().from(instanceSigningKeys).limit(1));
  if (existing[0]) return existing[0];
  const pair = await generateKeyPair(ALG, { extractable: true });
  const publicJwk = await exportJWK(pair.publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  const privateJwk = await exportJWK(pair.privateKey);
  await db.asSystem((tx) =>
    tx
      .insert(instanceSigningKeys)
      .values({
        kid,
        alg: ALG,
        privateSealed: sealSecret(JSON.stringify(privateJwk), encryptionKey),
        publicJwk,
      })
      .onConflictDoNothing(),
  );
  return (await db.asSystem((tx) => tx.select().from(instanceSigningKeys).limit(1)))[0]!;
};

/** The public keys, as `/.well-known/jwks.json` answers them. */
export const instanceJwks = async (db: Database, encryptionKey: string) => {
  const row = await ensureKey(db, encryptionKey);
  return { keys: [{ ...(row.publicJwk as JWK), kid: row.kid, alg: row.alg, use: 'sig' }] };
};

/** The private key and its id, to sign client assertions. */
export const instancePrivateKey = async (db: Database, encryptionKey: string) => {
  const row = await ensureKey(db, encryptionKey);
  const jwk = JSON.parse(openSecret(row.privateSealed, encryptionKey)) as JWK;
  const key = (await importJWK(jwk, row.alg)) as Exclude<Awaited<ReturnType<typeof importJWK>>, Uint8Array>;
  return { key, kid: row.kid };
};
