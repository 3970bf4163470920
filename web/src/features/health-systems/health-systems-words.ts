import {
  HEALTH_SYSTEM_CALLBACK_ERROR_WORDS,
  type HealthSystemCallbackError,
  healthSystemProblemWords,
} from '@healthfolio/core/health-systems/health-systems-words';
import { describeCounts, RECORD_IMPORT_GROUPS } from '@healthfolio/core/records/record-import.schema';
import type { HealthSystemConnection } from './health-systems-types';

/** Counts a sync brought that are not among the record import's groups. */
const EXTRA_WORDS: Record<string, [one: string, many: string]> = {
  coverages: ['insurance plan', 'insurance plans'],
};
const IMPORT_GROUPS = new Set<string>(RECORD_IMPORT_GROUPS);

const plural = (n: number, [one, many]: [string, string]) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** "12 lab results, 3 conditions" — what a sync added; "nothing new" when it added nothing. */
export const syncSummary = (lastSync: NonNullable<HealthSystemConnection['lastSync']>): string => {
  const known = Object.fromEntries(Object.entries(lastSync.created).filter(([k]) => IMPORT_GROUPS.has(k)));
  const parts = [describeCounts(known)].filter(Boolean);
  let other = 0;
  for (const [key, n] of Object.entries(lastSync.created)) {
    if (IMPORT_GROUPS.has(key) || n <= 0) continue;
    const words = EXTRA_WORDS[key];
    if (words) parts.push(plural(n, words));
    else other += n;
  }
  if (other > 0) parts.push(plural(other, ['other record', 'other records']));
  const created = parts.length > 0 ? parts.join(', ') : 'nothing new';
  return lastSync.skipped > 0
    ? `${created} (${plural(lastSync.skipped, ['record', 'records'])} already here)`
    : created;
};

/** "Last brought in 28 Nov 2026, 13:30: 12 lab results, 3 conditions". */
export const lastSyncWords = (c: HealthSystemConnection, formatWhen: (iso: string) => string): string => {
  if (!c.lastSyncAt) return 'Nothing brought in yet.';
  const what = c.lastSync ? `: ${syncSummary(c.lastSync)}` : '';
  return `Last brought in ${formatWhen(c.lastSyncAt)}${what}.`;
};

/** "120 of 400 records" or "120 records so far" while a sync runs. */
export const progressWords = (progress: HealthSystemConnection['progress']): string => {
  if (!progress) return 'Starting…';
  const done = progress.done.toLocaleString('en-US');
  return progress.total
    ? `${done} of ${plural(progress.total, ['record', 'records'])}`
    : `${plural(progress.done, ['record', 'records'])} so far`;
};

/** What a connection's status means, and whether the user must act on it. */
export const statusWords = (
  c: HealthSystemConnection,
): { label: string; text: string | null; alert: boolean } => {
  switch (c.status) {
    case 'syncing':
      return { label: 'Bringing in records', text: null, alert: false };
    case 'ok':
      return { label: 'Connected', text: null, alert: false };
    case 'reconnect':
      return {
        label: 'Connect again',
        text: c.error ?? healthSystemProblemWords('refresh_refused', c.kind),
        alert: true,
      };
    default:
      return {
        label: 'Problem',
        text: c.error ?? 'The last attempt to bring in the records failed. Try Sync now later.',
        alert: true,
      };
  }
};

/** The callback's ?error=<code> in words (core's codes; anything else as a failed sign-in). */
export const callbackErrorWords = (code: string): string =>
  HEALTH_SYSTEM_CALLBACK_ERROR_WORDS[code as HealthSystemCallbackError] ??
  HEALTH_SYSTEM_CALLBACK_ERROR_WORDS.failed;
