import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestServer } from '../../../test/harness';
import { startSmtpCapture } from '../../../test/smtp-capture';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe('configured services', () => {
  it('tells a signed-in user whether email can be sent, and nobody else', async () => {
    expect((await server.client().get('/api/v1/services')).status).toBe(401);
    const { client } = await signUpAndSignIn(server, 'services@example.com');
    const res = await client.get('/api/v1/services');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ mail: false, aiChat: false, aiVision: false });
  });

  it('says mail is on when SMTP is configured', async () => {
    const smtp = await startSmtpCapture();
    const withMail = await createTestServer({ smtpUrl: smtp.url });
    try {
      const { client } = await signUpAndSignIn(withMail, 'services-mail@example.com');
      expect(await (await client.get('/api/v1/services')).json()).toMatchObject({ mail: true });
    } finally {
      await withMail.close();
      await smtp.close();
    }
  });
});
