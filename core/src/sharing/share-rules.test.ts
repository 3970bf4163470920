import { describe, expect, it } from 'vitest';
import { ShareCreateRequest, ShareUpdateRequest } from './share.schema';
import { isLiveShare, shareExpiresAt, shareStatus, shareSummary } from './share-rules';

const now = new Date('2026-03-01T12:00:00Z');

describe('share status', () => {
  it('is revoked, then expired at expires_at, then pending until first opened, else active', () => {
    const base = { revokedAt: null, expiresAt: '2026-03-02T00:00:00Z', firstAccessedAt: null };
    expect(shareStatus(base, now)).toBe('pending');
    expect(shareStatus({ ...base, firstAccessedAt: '2026-02-28T00:00:00Z' }, now)).toBe('active');
    expect(shareStatus({ ...base, expiresAt: now.toISOString() }, now)).toBe('expired');
    expect(shareStatus({ ...base, expiresAt: null, firstAccessedAt: now }, now)).toBe('active');
    expect(shareStatus({ ...base, revokedAt: now, expiresAt: '2020-01-01T00:00:00Z' }, now)).toBe('revoked');
  });

  it('is live (counted, revocable) while pending or active', () => {
    expect(isLiveShare('pending')).toBe(true);
    expect(isLiveShare('active')).toBe(true);
    expect(isLiveShare('revoked')).toBe(false);
    expect(isLiveShare('expired')).toBe(false);
  });

  it('expires after days × 24 hours, or never', () => {
    expect(shareExpiresAt(7, now)?.toISOString()).toBe('2026-03-08T12:00:00.000Z');
    expect(shareExpiresAt(null, now)).toBeNull();
  });
});

describe('the invite', () => {
  it('defaults to view only, 30 days, documents and health metrics', () => {
    expect(ShareCreateRequest.parse({ email: 'Care@Example.com ' })).toEqual({
      email: 'Care@Example.com',
      accessType: 'view_only',
      expiresInDays: 30,
      categories: ['documents', 'health_metrics'],
      requireSignIn: false,
      alertOnLow: false,
    });
  });

  it('needs an email and at least one category, and only the offered expiries', () => {
    const r = ShareCreateRequest.safeParse({ email: '', categories: [] });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      'Email is required',
      'Select at least one data category',
    ]);
    expect(ShareCreateRequest.safeParse({ email: 'a@b.co', expiresInDays: 14 }).success).toBe(false);
    expect(ShareCreateRequest.parse({ email: 'a@b.co', expiresInDays: null }).expiresInDays).toBeNull();
    expect(ShareCreateRequest.safeParse({ email: 'a@b.co', categories: ['finances'] }).success).toBe(false);
    expect(ShareUpdateRequest.safeParse({}).success).toBe(false);
  });
});

describe('summary cards', () => {
  it('counts active and pending shares, distinct people who can open a share, and the latest access', () => {
    expect(
      shareSummary([
        { status: 'active', sharedWithEmail: 'a@x.co', lastAccessedAt: '2026-02-01T00:00:00.000Z' },
        { status: 'active', sharedWithEmail: 'A@x.co', lastAccessedAt: '2026-01-01T00:00:00.000Z' },
        { status: 'expired', sharedWithEmail: 'd@x.co', lastAccessedAt: '2026-01-02T00:00:00.000Z' },
        { status: 'pending', sharedWithEmail: 'b@x.co', lastAccessedAt: null },
        { status: 'revoked', sharedWithEmail: 'c@x.co', lastAccessedAt: '2026-02-03T00:00:00.000Z' },
      ]),
    ).toEqual({
      activeShares: 2,
      pendingInvitations: 1,
      peopleWithAccess: 1,
      lastAccessedAt: '2026-02-03T00:00:00.000Z',
    });
  });

  it('does not count an invitation nobody has opened as a person with access', () => {
    const s = shareSummary([{ status: 'pending', sharedWithEmail: 'b@x.co', lastAccessedAt: null }]);
    expect(s).toMatchObject({ pendingInvitations: 1, peopleWithAccess: 0 });
  });
});
