import { createElement as h, lazy } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInDashboard } from '@/test/render-in-dashboard';
import { TerraNotConfigured } from './available-devices';
import { ConnectionsView } from './connections-view';
import { deviceKeys, useConnections } from './devices-api';
import { vendorSourceKey } from './vendor-pull-api';
import { VendorPullCard } from './vendor-pull-card';

// A tab's part that is still loading (a lazy chunk that never arrives here).
const Waiting = lazy(() => new Promise<never>(() => {}));

function Tab() {
  // biome-ignore lint/correctness/noChildrenProp: a render function, which createElement's children cannot type
  return h(ConnectionsView, { query: useConnections(), children: () => h(Waiting) });
}

/**
 * The devices page's parts, each still loading; `seeded`: the Terra list and Dexcom's "not connected"
 * are in. (LibreLinkUp's card says "your LibreLinkUp account" to the guardian on purpose: it is the
 * follower account, which follows the ward.)
 */
const page = (ward?: string, seeded = false) =>
  renderInDashboard(
    h(
      'div',
      null,
      h(Tab),
      h(TerraNotConfigured, { onNightscout: () => {} }),
      h(VendorPullCard, { vendor: 'dexcom-share' }),
    ),
    {
      ward,
      seed: (client) => {
        if (!seeded) return;
        client.setQueryData(deviceKeys.connections, { items: [] });
        client.setQueryData(vendorSourceKey('dexcom-share'), { vendor: 'dexcom-share', configured: false });
      },
    },
  );

describe('the devices page, for whose record it is', () => {
  it('speaks of your devices on the account’s own record', () => {
    const loading = page();
    expect(loading).toContain('Loading your devices');
    expect(loading).toContain('You can still bring in your CGM data');
    expect(loading).toContain('(your own site, or xDrip+');
    expect(loading).toContain('Loading your Dexcom Share account');
    const loaded = page(undefined, true);
    expect(loaded).toContain('Loading your devices'); // the tab's part, once the list is in
    expect(loaded).toContain('Where your Dexcom account is');
  });

  it('names the ward while a guardian acts for her', () => {
    const loading = page('Mia');
    expect(loading).toContain('Loading Mia’s devices');
    expect(loading).toContain('You can still bring in Mia’s CGM data');
    expect(loading).toContain('(Mia’s own site, or xDrip+');
    expect(loading).toContain('Loading Mia’s Dexcom Share account');
    expect(loading).not.toMatch(/\byour\b/i);
    const loaded = page('Mia', true);
    expect(loaded).toContain('Loading Mia’s devices');
    expect(loaded).toContain('Where Mia’s Dexcom account is');
    expect(loaded).not.toMatch(/\byour\b/i);
  });
});
