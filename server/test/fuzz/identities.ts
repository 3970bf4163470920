import { SHARE_CATEGORIES } from '@healthfolio/core';
import { signInAdmin } from '../admin';
import { PASSWORD, signUpAndSignIn, type TestClient, type TestServer } from '../harness';
import { newCredential, sha1 } from '../nightscout-apps';
import type { Identity } from './requests';

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

/** What the signed-in user owns before fuzzing starts, so ids in paths can name real records. */
const SEED: [path: string, body: unknown][] = [
  ['/api/v1/entries', { tracker: 'weight', occurredAt: hoursAgo(2), data: { weight: 71.5 } }],
  [
    '/api/v1/entries',
    { tracker: 'blood-pressure', occurredAt: hoursAgo(3), data: { systolic: 120, diastolic: 80 } },
  ],
  ['/api/v1/appointments', { provider: 'Dr Fuzz', date: '2030-01-02', startTime: '09:00' }],
  [
    '/api/v1/lab-results',
    { testName: 'Hemoglobin A1c', loinc: '4548-4', value: 6.1, unit: '%', effectiveAt: hoursAgo(5) },
  ],
  ['/api/v1/foods/custom', { name: 'Rye bread', carbs_per_100g: 40 }],
  ['/api/v1/medications/schedules', { medicationName: 'Metformin', dosage: '500 mg', dailyTimes: ['08:00'] }],
  ['/api/v1/insurance/plans', { name: 'Fuzz Health', type: 'medical' }],
  [
    '/api/v1/glucose/readings/batch',
    {
      source: 'import:csv',
      readings: [
        { value: 110, recordedAt: hoursAgo(1) },
        { value: 95, recordedAt: hoursAgo(4) },
      ],
    },
  ],
];

const idsIn = (value: unknown, into: Set<string>) => {
  const text = JSON.stringify(value) ?? '';
  for (const m of text.matchAll(/"id":"([0-9a-f-]{36})"/g)) into.add(m[1]!);
};

export interface Identities {
  user: Identity;
  caregiver: Identity;
  anonymous: Identity;
  /** An admin with a second factor, so the admin routes' own validation is reached (not only their 403). */
  admin: Identity;
  /** A new admin when a request ended the admin's session (an admin signs in with a second factor). */
  restoreAdmin: () => Promise<void>;
  /** Signs the user in again when a request ended the session (sign-out, password change). */
  restoreUser: () => Promise<void>;
}

export const createIdentities = async (server: TestServer, email: string): Promise<Identities> => {
  let { client } = await signUpAndSignIn(server, email);
  const ids = new Set<string>();
  for (const [path, body] of SEED) {
    const res = await client.post(path, body);
    if (res.status < 300) idsIn(await res.json(), ids);
  }
  const share = await client.post('/api/v1/shares', {
    email: `carer-${email}`,
    categories: SHARE_CATEGORIES,
    accessType: 'view_only',
  });
  if (share.status !== 201) throw new Error(`share: ${share.status} ${await share.text()}`);
  const { id: shareId, link } = (await share.json()) as { id: string; link: string };
  ids.add(shareId);
  const token = new URL(link).pathname.split('/').pop()!;
  const cred = await newCredential(client);
  ids.add(cred.id);
  const slug = new URL(cred.baseUrl).pathname.split('/')[2]!;
  const userIds = [...ids];
  const user: Identity = {
    name: 'user',
    headers: () => ({ cookie: client.cookieHeader }),
    ids: userIds,
    tokens: [token],
    nightscout: { slug, apiSecret: sha1(cred.secret) },
  };
  let accounts = 0;
  const restoreUser = async () => {
    if ((await client.get('/api/v1/profile')).status === 200) return;
    const again: TestClient = server.client();
    const res = await again.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    if (res.status === 200) client = again;
    // The account is gone (or its password changed): a new one goes on; the old ids are now not its own.
    else client = (await signUpAndSignIn(server, `again-${++accounts}-${email}`)).client;
  };
  let admin = (await signInAdmin(server, `admin-${email}`)).client;
  let admins = 0;
  const restoreAdmin = async () => {
    if ((await admin.get('/api/v1/admin/settings')).status === 200) return;
    admin = (await signInAdmin(server, `admin-${++admins}-${email}`)).client;
  };
  return {
    restoreAdmin,
    user,
    admin: { name: 'admin', headers: () => ({ cookie: admin.cookieHeader }), ids: userIds, tokens: [] },
    caregiver: { name: 'caregiver', headers: () => ({}), ids: userIds, tokens: [token] },
    anonymous: { name: 'anonymous', headers: () => ({}), ids: userIds, tokens: [] },
    restoreUser,
  };
};
