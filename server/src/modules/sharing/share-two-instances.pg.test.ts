import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type TestServer } from '../../../test/harness';
import { startTwoInstances } from '../../../test/two-instances';

// Two app instances on one PostgreSQL database, as two processes behind a load balancer.
let a: TestServer;
let b: TestServer;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ a, b, close } = await startTwoInstances());
});
afterAll(() => close?.());

describe('a share changed on one instance', () => {
  it('is narrowed and then refused by the other on the very next request', async () => {
    const { client: owner } = await signUpAndSignIn(a, 'two-instance-owner@example.com');
    const res = await owner.post('/api/v1/shares', {
      email: 'two-instance-carer@example.com',
      categories: ['health_metrics', 'appointments'],
    });
    const { id, link } = await res.json();
    const path = new URL(link).pathname.replace('/shared/', '/api/v1/shared/');
    const carer = b.client();
    expect((await carer.get(`${path}/appointments`)).status).toBe(200);
    await owner.patch(`/api/v1/shares/${id}`, { categories: ['health_metrics'] });
    expect((await carer.get(`${path}/appointments`)).status).toBe(404);
    expect((await carer.get(`${path}/health-metrics`)).status).toBe(200);
    await owner.post(`/api/v1/shares/${id}/revoke`);
    const refused = await carer.get(`${path}/health-metrics`);
    expect(refused.status).toBe(404);
    expect((await refused.json()).code).toBe('share_link_invalid');
  });
});
