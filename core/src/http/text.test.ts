import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ChatSendRequest } from '../ai/chat.schema';
import { AppointmentCreateRequest } from '../appointments/appointment.schema';
import { SignUpRequest } from '../auth/credentials.schema';
import { NsCredentialCreateRequest } from '../devices/nightscout.schema';
import { DocumentListQuery, DocumentUpdateRequest } from '../documents/document.schema';
import { CustomFoodCreateRequest } from '../foods/custom-food.schema';
import { ProfileUpdateRequest } from '../profiles/profile.schema';
import { EntryCreateRequest, EntryUpdateRequest } from '../trackers/entry.schema';
import { TEXT_CONTROL_MESSAGE, text } from './text';

const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('text()', () => {
  it('refuses NUL and meaningless control characters, keeps tabs, line breaks and any other character', () => {
    for (const bad of [
      'a\u0000b',
      '\u0001',
      'bell\u0007',
      'x\u000Bx',
      'x\u000Cx',
      'esc\u001B[0m',
      '\u007F',
      '\u0085',
    ])
      expect(issues(text().safeParse(bad)), JSON.stringify(bad)).toEqual([`: ${TEXT_CONTROL_MESSAGE}`]);
    for (const good of ['line one\nline two\r\n\tindented', 'Café ☕ 😀 — 東京', ''])
      expect(text().safeParse(good).success, JSON.stringify(good)).toBe(true);
  });

  it('chains like z.string()', () => {
    expect(text().trim().max(3).parse('  abc  ')).toBe('abc');
    expect(text().trim().max(3).safeParse('abcd').success).toBe(false);
  });
});

describe('the text fields a NUL reached the database through', () => {
  const NUL = 'x\u0000y';
  const appointment = { provider: 'Dr Who', date: '2026-12-01', startTime: '09:00' };
  it.each([
    ['appointment provider', AppointmentCreateRequest, { ...appointment, provider: NUL }, 'provider'],
    ['appointment location', AppointmentCreateRequest, { ...appointment, location: NUL }, 'location'],
    ['appointment reason', AppointmentCreateRequest, { ...appointment, reason: NUL }, 'reason'],
    ['custom food name', CustomFoodCreateRequest, { name: NUL, carbs_per_100g: 10 }, 'name'],
    [
      'entry notes',
      EntryCreateRequest,
      { tracker: 'journal', occurredAt: '2026-11-27T10:00:00Z', notes: NUL, data: { value: 'hi' } },
      'notes',
    ],
    [
      'journal entry',
      EntryCreateRequest,
      { tracker: 'journal', occurredAt: '2026-11-27T10:00:00Z', data: { value: NUL } },
      'data.value',
    ],
    ['entry notes (edit)', EntryUpdateRequest, { notes: NUL }, 'notes'],
    ['display name', ProfileUpdateRequest, { displayName: NUL }, 'displayName'],
    ['sign-up name', SignUpRequest, { email: 'a@example.com', password: 'long-enough-1', name: NUL }, 'name'],
    ['document title', DocumentUpdateRequest, { title: NUL }, 'title'],
    ['document search', DocumentListQuery, { q: NUL }, 'q'],
    ['chat message', ChatSendRequest, { message: NUL }, 'message'],
    ['upload credential name', NsCredentialCreateRequest, { name: NUL }, 'name'],
  ] as const)('%s', (_, schema, body, field) => {
    expect(issues((schema as z.ZodType).safeParse(body))).toContain(`${field}: ${TEXT_CONTROL_MESSAGE}`);
  });
});
