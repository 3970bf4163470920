import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../../../test/admin';
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

describe('a platform setting changed on one instance', () => {
  it('takes effect on the other at once: maintenance mode blocks, then frees, the very next request', async () => {
    const { client: admin } = await signInAdmin(a, 'two-instance-admin@example.com');
    const { client: user } = await signUpAndSignIn(b, 'two-instance-user@example.com');
    // B has read the settings (maintenance off) and would answer from its cache.
    expect((await user.get('/api/v1/profile')).status).toBe(200);
    expect(b.deps.bus.settingsLive()).toBe(true);

    const on = { enabled: true, message: 'Back at noon: upgrading the database.' };
    expect((await admin.put('/api/v1/admin/settings/maintenance_mode', { value: on })).status).toBe(200);
    const blocked = await user.get('/api/v1/profile');
    expect(blocked.status).toBe(503);
    expect((await blocked.json()).detail).toBe(on.message);

    const off = { ...on, enabled: false };
    expect((await admin.put('/api/v1/admin/settings/maintenance_mode', { value: off })).status).toBe(200);
    expect((await user.get('/api/v1/profile')).status).toBe(200);
  });
});
