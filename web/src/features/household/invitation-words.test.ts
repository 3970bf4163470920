import { describe, expect, it } from 'vitest';
import { invitationCreatedTexts, inviteTexts } from './invitation-words';

describe('the guardian invitation’s words', () => {
  it('promise no email when the server sends none, and say the link was not emailed', () => {
    for (const kind of ['guardian', 'handover'] as const) {
      const texts = inviteTexts('Mia', kind, false);
      expect(texts.description).not.toMatch(/email with a link/);
      expect(texts.description).toMatch(/You get a link to send/);
      expect(texts.send).not.toMatch(/^Send/);
    }
    const created = invitationCreatedTexts('dad@example.com', false);
    expect(created.toast).toBe('Invitation created');
    expect(created.note).toContain('dad@example.com has not been emailed');
    expect(created.note).toContain('Copy the invitation link');
  });

  it('with email, say it was sent by email', () => {
    expect(inviteTexts('Mia', 'guardian', true)).toMatchObject({
      title: 'Invite a guardian for Mia',
      send: 'Send invitation',
    });
    expect(inviteTexts('Mia', 'handover', true).description).toMatch(/^Mia gets an email with a link/);
    expect(invitationCreatedTexts('dad@example.com', true)).toEqual({
      toast: 'Invitation sent',
      description: 'We emailed a link to dad@example.com.',
      note: null,
    });
  });
});
