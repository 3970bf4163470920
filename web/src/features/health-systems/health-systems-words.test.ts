import { describe, expect, it } from 'vitest';
import type { HealthSystemConnection } from './health-systems-types';
import {
  callbackErrorWords,
  lastSyncWords,
  progressWords,
  statusWords,
  syncSummary,
} from './health-systems-words';

const connection = (over: Partial<HealthSystemConnection>): HealthSystemConnection => ({
  id: 'c1',
  name: 'Example Health',
  kind: 'provider',
  fhirBaseUrl: 'https://fhir.example.org/r4',
  status: 'ok',
  lastSyncAt: '2026-11-28T13:30:00Z',
  lastSync: { created: { labResults: 12, conditions: 3 }, skipped: 0 },
  error: null,
  progress: null,
  scopes: [],
  connectedAt: '2026-11-28T13:00:00Z',
  ...over,
});

describe('syncSummary', () => {
  it('names what came in, with plurals, in the import’s order, and what was already here', () => {
    expect(syncSummary({ created: { conditions: 1, labResults: 12, allergies: 0 }, skipped: 0 })).toBe(
      '12 lab results, 1 condition',
    );
    expect(syncSummary({ created: { labResults: 1 }, skipped: 40 })).toBe(
      '1 lab result (40 records already here)',
    );
  });

  it('says "nothing new" for an empty sync and counts insurers’ and unknown kinds in words', () => {
    expect(syncSummary({ created: {}, skipped: 1 })).toBe('nothing new (1 record already here)');
    expect(syncSummary({ created: { claims: 2, coverages: 1, somethingNew: 3 }, skipped: 0 })).toBe(
      '2 insurance claims, 1 insurance plan, 3 other records',
    );
  });
});

describe('lastSyncWords and progressWords', () => {
  it('reads like a sentence, or says nothing came yet', () => {
    expect(lastSyncWords(connection({}), () => '28 Nov 2026, 13:30')).toBe(
      'Last brought in 28 Nov 2026, 13:30: 12 lab results, 3 conditions.',
    );
    expect(lastSyncWords(connection({ lastSyncAt: null, lastSync: null }), () => 'x')).toBe(
      'Nothing brought in yet.',
    );
  });

  it('counts records with or without a known total', () => {
    expect(progressWords({ done: 120, total: 400 })).toBe('120 of 400 records');
    expect(progressWords({ done: 1, total: null })).toBe('1 record so far');
    expect(progressWords(null)).toBe('Starting…');
  });
});

describe('statusWords', () => {
  it('asks to connect again when the saved sign-in was refused, and shows the server’s words', () => {
    expect(statusWords(connection({ status: 'reconnect', error: null }))).toEqual({
      label: 'Connect again',
      text: "The hospital's server refused the saved sign-in: connect again",
      alert: true,
    });
    expect(statusWords(connection({ status: 'error', error: 'The server could not be reached.' })).text).toBe(
      'The server could not be reached.',
    );
    expect(statusWords(connection({})).alert).toBe(false);
  });

  it('tells a failed sync without the server’s words in words true of anyone’s record, a ward’s too', () => {
    expect(statusWords(connection({ status: 'error', error: null })).text).toBe(
      'The last attempt to bring in the records failed. Try Sync now later.',
    );
  });
});

describe('callbackErrorWords', () => {
  it('says why the portal sent the user back without a connection, even for a code it does not know', () => {
    expect(callbackErrorWords('denied')).toBe(
      'The health system did not give access, so nothing was connected.',
    );
    expect(callbackErrorWords('something-else')).toBe(callbackErrorWords('failed'));
  });
});
