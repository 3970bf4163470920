import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { clinicOf, makePacket, startPacketServer } from './packets.helpers';

let server: TestServer;
let alice: TestClient;
let bob: TestClient;

beforeAll(async () => {
  ({ server, alice, bob } = await startPacketServer());
});
afterAll(() => server.close());
const { clinic, open } = clinicOf(() => server);

describe("pre-visit packets as SMART Health Links: the owner's list", () => {
  it('a revoked packet says when it was revoked, and its owner alone can delete it from the list', async () => {
    const { client: erin } = await signUpAndSignIn(server, 'erin-packet@example.com');
    const created = await makePacket(erin, { categories: ['weight'] });
    expect(created.packet.revokedAt).toBeNull();
    const before = Date.now();
    const revoked = await (await erin.post(`/api/v1/packets/${created.packet.id}/revoke`)).json();
    expect(Date.parse(revoked.revokedAt)).toBeGreaterThanOrEqual(before - 1000);
    const listed = async (client: TestClient) =>
      (await (await client.get('/api/v1/packets')).json()).items.map((p: { id: string }) => p.id);
    expect((await bob.delete(`/api/v1/packets/${created.packet.id}`)).status).toBe(404);
    expect(await listed(erin)).toContain(created.packet.id);
    expect((await erin.delete(`/api/v1/packets/${created.packet.id}`)).status).toBe(204);
    expect(await listed(erin)).not.toContain(created.packet.id);
    expect((await erin.delete(`/api/v1/packets/${created.packet.id}`)).status).toBe(404);
    // A live packet deleted from the list stops opening at once.
    const live = await makePacket(erin, { categories: ['weight'] });
    expect((await erin.delete(`/api/v1/packets/${live.packet.id}`)).status).toBe(204);
    expect((await open(live.manifestPath, live.passcode)).status).toBe(404);
  });

  it('refuses bad input with problem documents and writes nothing', async () => {
    const before = (await (await alice.get('/api/v1/packets')).json()).items.length;
    for (const body of [
      { days: 7, categories: ['a1c'] },
      { days: 14, categories: [] },
      { days: 14, categories: ['a1c'], questions: ['x'.repeat(301)] },
      { days: 14, categories: ['nope'] },
    ]) {
      const res = await alice.post('/api/v1/packets', body);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    }
    expect((await (await alice.get('/api/v1/packets')).json()).items.length).toBe(before);
    const created = await makePacket(bob, { categories: ['a1c'] });
    const noRecipient = await clinic(created.manifestPath, { passcode: created.passcode });
    expect(noRecipient.status).toBe(400);
    expect((await server.client().post('/api/v1/packets', { days: 14, categories: ['a1c'] })).status).toBe(
      401,
    );
  });
});
