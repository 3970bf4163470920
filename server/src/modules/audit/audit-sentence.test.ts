import { AUDIT_ACTIONS, AUDIT_RESOURCE_TYPES } from '@healthfolio/core';
import { describe, expect, it } from 'vitest';
import { placeOf } from './audit.presenter';
import { auditDetail, auditSentence } from './audit-sentence';
import { deviceName } from './user-agent';

const sentence = (
  action: string,
  resourceType: string | null = null,
  details: Record<string, unknown> | null = null,
) => auditSentence({ action, resourceType, details });

describe('account-activity sentences', () => {
  it('says a wrong visit-packet passcode happened, not that admin access was refused', () => {
    const s = sentence('access_denied', 'visit_packet', { reason: 'wrong_passcode', failedAttempts: 2 });
    expect(s).toBe('Someone entered a wrong passcode for your visit packet');
    expect(auditDetail({ details: { reason: 'wrong_passcode', failedAttempts: 2 } })).toBe(
      '2 wrong tries so far',
    );
    expect(auditDetail({ details: { failedAttempts: 1 } })).toBe('1 wrong try so far');
  });

  it('names the record in words', () => {
    expect(sentence('create', 'bill_payment')).toBe('You added a bill payment');
    expect(sentence('read', 'visit_packet', { recipient: 'Dr Who' })).toBe(
      'Someone opened your visit packet',
    );
    expect(sentence('revoke', 'session', { sessions: 'others' })).toBe('You signed out your other sessions');
    expect(sentence('import', 'glucose_reading', { inserted: 1, received: 3 })).toBe(
      'You imported 1 glucose reading',
    );
    expect(sentence('import', 'glucose_reading', { stored: 2880, received: 2880, duplicates: 0 })).toBe(
      'You imported 2,880 glucose readings',
    );
    expect(sentence('update', 'hypo_settings', { enabled: false })).toBe(
      'You turned off the low-glucose follow-up',
    );
  });

  it('turns changed field names into words', () => {
    expect(auditDetail({ details: { fields: ['displayName', 'plan_year'] } })).toBe(
      'Changed: display name, plan year',
    );
    // An entry's measured parts by their own names, and no internal names for the rest.
    expect(
      auditDetail({ details: { fields: ['data.diastolic', 'data.systolic', 'notes', 'occurredAt'] } }),
    ).toBe('Changed: diastolic, systolic, notes, date and time');
    expect(auditDetail({ details: { fields: ['isRead', 'metadata'] } })).toBe(
      'Changed: read or unread, details',
    );
    expect(auditDetail({ details: null })).toBeNull();
  });

  it('never shows a raw action or record name, whatever the pair', () => {
    const raw = new RegExp(
      `\\b(${[...AUDIT_ACTIONS, ...AUDIT_RESOURCE_TYPES].filter((n) => n.includes('_')).join('|')})\\b`,
    );
    for (const action of [...AUDIT_ACTIONS, 'made_up_action'])
      for (const type of [null, ...AUDIT_RESOURCE_TYPES, 'made_up_type']) {
        const s = sentence(action, type);
        expect(s, `${action} ${type}`).not.toMatch(raw);
        expect(s, `${action} ${type}`).not.toMatch(/made_up|undefined|null/);
        expect(s).toMatch(/^[A-Z]/);
      }
  });
});

describe('device names', () => {
  it('names a browser and its system', () => {
    const linuxChrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
    expect(deviceName(linuxChrome)).toBe('Chrome on Linux');
    expect(
      deviceName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(
      deviceName(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0',
      ),
    ).toBe('Microsoft Edge on Windows');
  });

  it('never repeats free text from the header', () => {
    expect(deviceName('Call +1 555 0100 to unlock your account')).toBe('An unknown browser or app');
    expect(deviceName(null)).toBeNull();
  });
});

describe('places', () => {
  it('knows loopback and local networks, and nothing else without a lookup', () => {
    expect(placeOf('127.0.0.1')).toBe('The computer this app runs on');
    expect(placeOf('192.168.1.20')).toBe('Your local network');
    expect(placeOf('8.8.8.8')).toBeNull();
    expect(placeOf('unknown')).toBeNull();
  });
});
