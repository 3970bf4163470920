import type { ProfileResponse } from '@healthfolio/core';
import {
  type DehydratedState,
  dehydrate,
  hydrate,
  onlineManager,
  type Query,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { actingPersonId, setActingPersonId } from '@/lib/acting-person';
import type { Session } from '@/lib/auth-api';
import { isConnected } from '@/lib/connection';
import { setRestoredAt } from './saved-at';
import { canSave, clearSnapshots, readSnapshot, writeSnapshot } from './saved-data-store';

/**
 * Opening the app offline from cold: the signed-in person's shell, profile and the answers their
 * screens last showed are kept on this device (saved-data-store.ts) while they are online, and put
 * back into the query cache when a dashboard page opens without a connection. Only health data of
 * the person's own screens is kept, never a credential: the session keeps who is signed in and
 * when it ends, not its token, and nothing under sharing, devices, push, two-factor or admin
 * (share links, upload secrets and invitation tokens live there).
 */
const SAVED = new Set([
  'session',
  'profile',
  'roles',
  'household',
  'services',
  'glucose',
  'glucose-alarm-settings',
  'entries',
  'entries-summary',
  'tracker-stats',
  'notifications',
  'hypo',
  'custom-foods',
  'lab-results',
  'health-summary',
  'appointments',
]);

/** An answer kept from an earlier save stays this long if no screen has asked for it since. */
const KEEP_UNSEEN_MS = 24 * 60 * 60 * 1000;
/** A single answer larger than this (a long list of readings) is left to the connection. */
const MAX_ANSWER_CHARS = 1_000_000;

const savable = (q: Query) => {
  const [first] = q.queryKey;
  if (q.state.status !== 'success' || q.state.data === undefined || !SAVED.has(String(first))) return false;
  // The household's own answer only: an invitation's key holds its token.
  return first !== 'household' || q.queryKey.length === 1;
};

/** Who is signed in, without anything that could sign in. */
const withoutToken = (s: Session): Session =>
  s && {
    session: { id: s.session.id, expiresAt: s.session.expiresAt },
    user: { id: s.user.id, email: s.user.email, name: s.user.name, emailVerified: s.user.emailVerified },
  };

const personKey = () => actingPersonId() ?? 'self';
const keyOf = (key: QueryKey) => JSON.stringify(key);

let chain: Promise<void> = Promise.resolve();
/** One save or clear at a time, in the order asked. */
const queue = (work: () => Promise<void>) => {
  chain = chain.then(work).catch(() => undefined);
  return chain;
};

export const clearSavedData = () =>
  queue(async () => {
    if (canSave()) await clearSnapshots();
  });

const save = async (client: QueryClient) => {
  const session = client.getQueryData<Session>(['session']);
  if (!session) {
    await clearSnapshots();
    return;
  }
  const now = dehydrate(client, { shouldDehydrateQuery: savable, shouldDehydrateMutation: () => false });
  const queries = now.queries
    .map((q) =>
      q.queryKey[0] === 'session' ? { ...q, state: { ...q.state, data: withoutToken(session) } } : q,
    )
    .filter((q) => JSON.stringify(q.state.data).length <= MAX_ANSWER_CHARS);
  if (queries.length === 0) return;
  const newest = Math.max(...queries.map((q) => q.state.dataUpdatedAt));
  // What earlier screens saved and no screen has asked for since stays, for a day.
  const before = await readSnapshot<DehydratedState>(personKey());
  if (before?.accountId === session.user.id) {
    const have = new Set(queries.map((q) => keyOf(q.queryKey)));
    for (const q of before.value.queries)
      if (!have.has(keyOf(q.queryKey)) && newest - q.state.dataUpdatedAt < KEEP_UNSEEN_MS) queries.push(q);
  }
  const state: DehydratedState = { mutations: [], queries };
  await writeSnapshot(personKey(), session.user.id, new Date(newest).toISOString(), state);
};

/**
 * While the dashboard is open: each new answer saves the cache (a second after the last one, so a
 * screen's burst of answers is one write), and so do the answers already there. Returns the unsubscribe.
 */
export const keepSavedForOffline = (client: QueryClient) => {
  if (!canSave()) return () => undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void queue(() => save(client)), 1000);
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') later();
  });
  // Answers that came before this module loaded.
  later();
  // The diabetes tools work offline from their own data, whether or not they were opened.
  if (isConnected() && client.getQueryData<ProfileResponse>(['profile'])?.userType === 'diabetes_focused')
    void import('@/features/insulin/offline-tools').then((m) => m.prefetchDiabetesTools(client));
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
};

/**
 * A dashboard page opening without a connection, or finding its server out of reach (never throws: the page renders after it): what was saved for the person this tab shows (or
 * the account's own, when nothing was saved for them) goes back into the cache. Answers nothing
 * when nothing was saved; the dashboard then says it opens once the connection returns.
 */
export const restoreSavedData = async (client: QueryClient) => {
  // TanStack Query assumes a connection until told otherwise: offline from the start (or the server
  // out of reach), the screens must not ask (and fail, and show an error over what was saved) but wait.
  onlineManager.setOnline(isConnected());
  try {
    if (!canSave()) return;
    let snapshot = await readSnapshot<DehydratedState>(personKey());
    if (!snapshot && actingPersonId()) {
      snapshot = await readSnapshot<DehydratedState>('self');
      if (snapshot) setActingPersonId(null);
    }
    if (!snapshot) return;
    // Kept for the page's life: offline, a screen opened later than the cache's usual five minutes
    // still finds what was saved for it.
    hydrate(client, snapshot.value, { defaultOptions: { queries: { gcTime: Number.POSITIVE_INFINITY } } });
    setRestoredAt(snapshot.savedAt);
  } catch {
    // Storage refused (a private window, a full disk): the dashboard says it opens once online.
  }
};
