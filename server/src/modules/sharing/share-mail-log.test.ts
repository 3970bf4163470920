import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { startSmtpCapture, subjectOf, textBody } from '../../../test/smtp-capture';
import { createLogger } from '../../http/log-safety';

/** The invitation over real SMTP (a capture server on loopback), and a log that never holds the link. */
const lines: string[] = [];
const logger = createLogger('trace', { write: (s: string) => void lines.push(s) });
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let server: TestServer;
let owner: TestClient;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await createTestServer({ smtpUrl: smtp.url }, {}, { logger });
  ({ client: owner } = await signUpAndSignIn(server, 'mail-owner@example.com'));
  await owner.patch('/api/v1/profile', { displayName: 'Molly Mail' });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

describe('the invitation email', () => {
  it('reaches the caregiver over SMTP with the link, and the log holds neither link nor message', async () => {
    const res = await owner.post('/api/v1/shares', {
      email: 'mail-carer@example.com',
      message: 'Please watch my sugars this week',
      categories: ['health_metrics', 'lab_results'],
      expiresInDays: 7,
    });
    expect(res.status).toBe(201);
    const share = await res.json();
    expect(share.emailed).toBe(true);
    const mail = smtp.messages.find((m) => m.to.includes('mail-carer@example.com'))!;
    expect(subjectOf(mail.raw)).toBe('Molly Mail shared health information with you on Healthfolio');
    const text = textBody(mail.raw);
    expect(text).toContain(share.link);
    expect(text).toContain('Health Metrics, Lab Results');
    expect(text).toContain('Please watch my sugars this week');

    const token = new URL(share.link).pathname.split('/').pop()!;
    expect((await server.client().get(`/api/v1/shared/${token}/lab-results`)).status).toBe(200);
    expect((await server.client().get(`/api/v1/shared/${token}/appointments`)).status).toBe(404);
    // The page's address carries the credential: whatever answers it (the app, or 503 while the web
    // app is not built) must not pass it on or keep it.
    const page = await server.client().get(`/shared/${token}`);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cache-control')).toContain('no-store');
    await owner.post(`/api/v1/shares/${share.id}/revoke`);
    expect((await server.client().get(`/api/v1/shared/${token}`)).status).toBe(404);
    await new Promise((r) => setTimeout(r, 50));
    const log = lines.join('');
    expect(log).toContain('/api/v1/shared/');
    for (const secret of [token, share.link, 'Please watch my sugars', 'mail-carer@example.com'])
      expect(
        log.split('\n').find((l) => l.includes(secret)),
        `log leaks ${secret}`,
      ).toBeUndefined();
  });
});
