import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../../../test/admin';
import { createTestServer, type TestServer } from '../../../test/harness';
import { aiLocation } from './ai-location';

const ai = (baseUrl: string | undefined) => ({
  baseUrl,
  apiKey: 'k',
  model: 'm',
  visionModel: undefined,
  timeoutMs: 1000,
  maxRetries: 0,
  tools: false,
});

describe('where the language model runs', () => {
  it('tells an outside provider from one on this server’s own machine or network', () => {
    expect(aiLocation(undefined)).toBe('none');
    expect(aiLocation(ai(undefined))).toBe('outside'); // the SDK's default: OpenAI
    expect(aiLocation(ai('https://api.example.com/v1'))).toBe('outside');
    expect(aiLocation(ai('http://127.0.0.1:11434/v1'))).toBe('this_server');
    expect(aiLocation(ai('http://[::1]:8000/v1'))).toBe('this_server');
    expect(aiLocation(ai('http://192.168.1.5:8000/v1'))).toBe('this_server');
    expect(aiLocation(ai('http://ollama:11434/v1'))).toBe('this_server');
    expect(aiLocation(ai('http://localhost:8080/v1'))).toBe('this_server');
    expect(aiLocation(ai('http://8.8.8.8/v1'))).toBe('outside');
  });
});

describe('the public overview says what this instance is set up to do', () => {
  let plain: TestServer;
  let equipped: TestServer;
  beforeAll(async () => {
    plain = await createTestServer();
    equipped = await createTestServer(
      {},
      {
        AI_BASE_URL: 'https://api.example.com/v1',
        AI_API_KEY: 'key',
        AI_MODEL: 'model',
        TERRA_DEV_ID: 'dev',
        TERRA_API_KEY: 'key',
        TERRA_SIGNING_SECRET: 'secret',
      },
    );
  });
  afterAll(async () => {
    await plain?.close();
    await equipped?.close();
  });

  it('with nothing configured: no AI, no device connections, the default 10 MB uploads', async () => {
    const body = await (await plain.client().get('/api/v1/public/overview')).json();
    expect(body.features).toEqual({
      ai: 'none',
      devices: false,
      uploadLimitBytes: 10 * 1024 * 1024,
      healthSystems: [],
    });
  });

  it('health systems: none until the admin adds one with its Client ID and leaves it on', async () => {
    const admin = (await signInAdmin(plain, 'overview-admin@example.com')).client;
    const kinds = async () =>
      (await (await plain.client().get('/api/v1/public/overview')).json()).features.healthSystems;
    // A User-access Brands bundle lists the portal without this instance's registration (no Client ID).
    const imported = await admin.post('/api/v1/admin/health-systems/brands', {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        {
          fullUrl: 'urn:Organization/lakeside',
          resource: {
            resourceType: 'Organization',
            id: 'lakeside',
            name: 'Lakeside Health',
            endpoint: [{ reference: 'urn:Endpoint/lakeside-r4' }],
          },
        },
        {
          fullUrl: 'urn:Endpoint/lakeside-r4',
          resource: {
            resourceType: 'Endpoint',
            id: 'lakeside-r4',
            status: 'active',
            address: 'https://fhir.lakeside.example/r4',
          },
        },
      ],
    });
    expect(await imported.json()).toEqual({ added: 1, updated: 0 });
    expect(await kinds()).toEqual([]);
    const [{ id }] = (await (await admin.get('/api/v1/admin/health-systems')).json()).endpoints;
    expect((await admin.patch(`/api/v1/admin/health-systems/${id}`, { clientId: 'hf' })).status).toBe(200);
    expect(await kinds()).toEqual(['provider']);
    expect((await admin.patch(`/api/v1/admin/health-systems/${id}`, { enabled: false })).status).toBe(200);
    expect(await kinds()).toEqual([]);
  });

  it('with an outside model and Terra: both said, so the landing page does not claim data stays here', async () => {
    const body = await (await equipped.client().get('/api/v1/public/overview')).json();
    expect(body.features).toMatchObject({ ai: 'outside', devices: true });
  });
});
