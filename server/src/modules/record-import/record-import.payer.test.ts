import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type TestServer } from '../../../test/harness';
import { fixture, ok, startImportServer, uploads } from './record-import.helpers';

let server: TestServer;
beforeAll(async () => {
  ({ server } = await startImportServer());
}, 60_000);
afterAll(() => server.close());
const { preview, importFile } = uploads(() => server);

describe('Import a record', () => {
  it('imports payer data (CARIN Blue Button Coverage and EOBs) and appointments, each once', async () => {
    const { client } = await signUpAndSignIn(server, 'payer-import@example.com');
    const payer = fixture('carin-bb-payer.json');
    const p = await ok(await preview(client, payer, 'payer.json'));
    expect(p.found).toMatchObject({ insurancePlans: 1, claims: 3, appointments: 1 });
    // A claim in another currency than the person's insurance amounts is refused, saying why.
    expect(p.notUnderstood).toEqual([
      {
        what: 'Insurance claims',
        reason: 'Amounts in EUR, while your insurance amounts are in USD.',
        count: 1,
      },
    ]);

    const report = await ok(await importFile(client, payer, 'payer.json'));
    expect(report.created).toMatchObject({ insurancePlans: 1, claims: 2, appointments: 1 });
    const plans = (await (await client.get('/api/v1/insurance/plans')).json()).items;
    expect(plans).toEqual([
      expect.objectContaining({
        name: 'Lakeside Health Plan',
        type: 'primary',
        status: 'active',
        policyNumber: 'LHP-88412',
        memberNumber: 'LHP-88412-01',
        groupNumber: 'GRP-2210',
        effectiveDate: '2025-01-01',
        contactPhone: '1-800-555-0142',
        contactWebsite: 'https://lakeside-plan.example',
      }),
    ]);
    const claims = (await (await client.get('/api/v1/insurance/claims')).json()).items;
    const byNumber = (n: string) => claims.find((c: { claimNumber: string }) => c.claimNumber === n);
    // Billed, allowed, plan paid and you owe to the cent, linked to the plan of the Coverage named.
    expect(byNumber('CLM-2025-000731')).toMatchObject({
      provider: 'Maple Street Family Practice',
      serviceDate: '2025-03-04',
      submittedDate: '2025-03-18',
      status: 'paid',
      amountCents: 25010,
      allowedCents: 18020,
      coveredCents: 12976,
      patientResponsibilityCents: 5044,
      description: 'Office visit, established patient',
      insurancePlanId: plans[0].id,
    });
    expect(byNumber('CLM-2025-000912')).toMatchObject({
      provider: 'Dr. Chidi Okafor',
      status: 'denied',
      amountCents: 9500,
      allowedCents: null,
      coveredCents: 0,
      patientResponsibilityCents: 9500,
      insurancePlanId: plans[0].id,
    });
    const [visit] = (await (await client.get('/api/v1/appointments?when=past')).json()).items;
    expect(visit).toMatchObject({
      provider: 'Dr. Chidi Okafor',
      specialty: 'Endocrinology',
      startsAt: '2025-06-12T13:30:00.000Z',
      endsAt: '2025-06-12T14:00:00.000Z',
      location: 'Maple Street, room 4',
      reason: 'Diabetes follow-up',
      status: 'scheduled',
    });

    const again = await ok(await importFile(client, payer, 'payer-again.json'));
    expect(again.created).toMatchObject({ insurancePlans: 0, claims: 0, appointments: 0 });
    expect(again.skipped).toMatchObject({ insurancePlans: 1, claims: 2, appointments: 1 });
    expect((await (await client.get('/api/v1/insurance/claims')).json()).items).toEqual(claims);
    expect((await (await client.get('/api/v1/insurance/plans')).json()).items).toEqual(plans);
  }, 120_000); // three files (preview, import, import again), each parsed in its own limited child process
});
