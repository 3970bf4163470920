import type { QueryClient } from '@tanstack/react-query';
import { createElement as h } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInDashboard } from '@/test/render-in-dashboard';
import { ConnectCard } from './connect-card';
import { ConnectHealthSystemCard } from './connect-health-system-card';
import { ConnectionList } from './connection-list';
import { HealthSystemsPage } from './health-systems-page';

/** This server has no health system set up (the public overview says so). */
const noneSetUp = (client: QueryClient) =>
  client.setQueryData(['public', 'overview'], { features: { healthSystems: [] } });

/** The page with its connections still loading, the connect card with none set up, and no connection. */
const texts = (ward?: string) =>
  [
    renderInDashboard(h(HealthSystemsPage), { ward }),
    renderInDashboard(h(ConnectCard, { target: null, onTarget: () => {} }), { ward, seed: noneSetUp }),
    renderInDashboard(h(ConnectionList, { connections: [], onReconnect: () => {} }), { ward }),
  ].join(' ');

describe('the health systems page, for whose record it is', () => {
  it('speaks of your records and connections on the account’s own record', () => {
    const text = texts();
    expect(text).toContain('Your records from patient portals and insurers');
    expect(text).toContain('Your connections');
    expect(text).toContain('Loading your connections');
    expect(text).toContain(
      'You can still bring in your records with a file downloaded from your patient portal.',
    );
    expect(text).toContain('Choose one above to bring in your records.');
  });

  it('names the ward while a guardian acts for her', () => {
    const text = texts('Mia');
    expect(text).toContain('Mia’s records from patient portals and insurers');
    expect(text).toContain('Mia’s connections');
    expect(text).toContain('Loading Mia’s connections');
    expect(text).toContain(
      'You can still bring in Mia’s records with a file downloaded from Mia’s patient portal.',
    );
    expect(text).toContain('Choose one above to bring in Mia’s records.');
    expect(text).not.toMatch(/\byour\b/i);
  });

  it('offers to connect the ward’s insurer and portal, on the Insurance and Lab Results pages', () => {
    const both = (client: QueryClient) =>
      client.setQueryData(['public', 'overview'], { features: { healthSystems: ['provider', 'payer'] } });
    const text = (['provider', 'payer'] as const)
      .map((kind) => renderInDashboard(h(ConnectHealthSystemCard, { kind }), { ward: 'Mia', seed: both }))
      .join(' ');
    expect(text).toContain('Connect Mia’s insurer');
    expect(text).toContain('straight from Mia’s hospital’s or clinic’s patient portal');
    expect(text).not.toMatch(/\byour\b/i);
  });
});
