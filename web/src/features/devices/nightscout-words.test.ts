import { createElement as h } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInDashboard } from '@/test/render-in-dashboard';
import { FollowersCard } from './followers-card';
import { NightscoutSourceCard } from './nightscout-source-card';
import { UploaderCredentialsCard } from './uploader-credentials-card';

const cards = (ward?: string) =>
  // Nothing seeded: each list is still loading, and says what it loads (the same words as its failure).
  renderInDashboard(h('div', null, h(UploaderCredentialsCard), h(NightscoutSourceCard), h(FollowersCard)), {
    ward,
  });

describe('the Nightscout uploader, site and followers cards, for whose record it is', () => {
  it('speak of your phone, site and readings on the account’s own record', () => {
    const text = cards();
    expect(text).toContain('Nightscout apps on your phone upload readings');
    expect(text).toContain('Loading your upload credentials');
    expect(text).toContain('reads new readings from your site');
    expect(text).toContain('Loading your Nightscout site');
    expect(text).toContain('follow your glucose, insulin and loop');
    expect(text).toContain('Loading your followers');
  });

  it('name the ward while a guardian acts for her', () => {
    const text = cards('Mia');
    expect(text).toContain('Nightscout apps on Mia’s phone upload readings');
    expect(text).toContain('Loading Mia’s upload credentials');
    expect(text).toContain('reads new readings from Mia’s site');
    expect(text).toContain('Loading Mia’s Nightscout site');
    expect(text).toContain('follow Mia’s glucose, insulin and loop');
    expect(text).toContain('Loading Mia’s followers');
    expect(text).not.toMatch(/\byour\b/i);
  });
});
