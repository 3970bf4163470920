import {
  AccountDeleteRequest,
  COMMON_PASSWORD_MESSAGE,
  HouseholdResponse,
  InvitationAcceptResponse,
  InvitationClaimRequest,
  InvitationCreatedResponse,
  InvitationCreateRequest,
  InvitationPreview,
  LatestReadingsResponse,
  Person,
  PersonCreateRequest,
  PersonMuteRequest,
  PersonUpdateRequest,
} from '@healthfolio/core';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppDeps } from '../../app-deps';
import { CLIENT_IP_HEADER } from '../../auth/auth';
import { isCommonPassword } from '../../auth/auth-request';
import { stripSessionCookies } from '../../auth/session';
import { consumeOr429 } from '../../auth/throttle';
import { ipBucket } from '../../http/client-ip';
import { createRouter, json, jsonBody, problems, SESSION_SECURITY } from '../../http/openapi';
import { ProblemError } from '../../http/problem';
import { HOUSEHOLD_CHANGED } from '../../realtime/bus';
import { askerOf } from '../account/account.routes';
import { confirmIdentity } from '../account/account-deletion.service';
import { withRequestDb } from '../audit/audit-context';
import { createInvitationQuota } from '../sharing/invitation-quota';
import { SHARE_LOOKUPS_PER_IP } from '../sharing/shared-view.routes';
import {
  addPerson,
  deletePerson,
  getHousehold,
  latestReadings,
  removeGuardian,
  setMuted,
  updatePerson,
} from './household.service';
import {
  acceptInvitation,
  cancelInvitation,
  claimInvitation,
  invite,
  previewInvitation,
} from './household-invitations.service';

const BASE = '/api/v1/household';
const tags = ['Household'];
const base = { tags, security: SESSION_SECURITY };
const PersonParam = z.object({ personId: z.string().uuid() });
const TokenParam = z.object({ token: z.string().max(200) });

const get = createRoute({
  ...base,
  method: 'get',
  path: BASE,
  summary: 'Your household: you first, then the people you keep (their guardians and pending invitations)',
  responses: { 200: json(HouseholdResponse, 'Your household'), ...problems(401, 503) },
});
const add = createRoute({
  ...base,
  method: 'post',
  path: `${BASE}/people`,
  summary: 'Add a person without a login of their own (a child, or an adult you care for)',
  description: 'At most 10 per guardian (422 `too_many_dependents`).',
  request: { body: jsonBody(PersonCreateRequest) },
  responses: { 201: json(Person, 'The person'), ...problems(400, 401, 422, 503) },
});
const update = createRoute({
  ...base,
  method: 'patch',
  path: `${BASE}/people/{personId}`,
  summary: 'Change a person’s name or date of birth',
  request: { params: PersonParam, body: jsonBody(PersonUpdateRequest) },
  responses: { 200: json(Person, 'The person'), ...problems(400, 401, 404, 503) },
});
const remove = createRoute({
  ...base,
  method: 'delete',
  path: `${BASE}/people/{personId}`,
  summary: 'Delete a person you keep and everything of theirs',
  description:
    'Confirmed as deleting your own account is: your password (or, signing in only with Google, a ' +
    'sign-in from the last 10 minutes) and, with two-factor on, a code or a backup code.',
  request: { params: PersonParam, body: jsonBody(AccountDeleteRequest) },
  responses: { 204: { description: 'Deleted' }, ...problems(400, 401, 403, 404, 429, 503) },
});
const mute = createRoute({
  ...base,
  method: 'put',
  path: `${BASE}/people/{personId}/mute`,
  summary: 'Stop (or start again) getting this person’s notifications, reminders and alerts',
  request: { params: PersonParam, body: jsonBody(PersonMuteRequest) },
  responses: { 200: json(Person, 'The person'), ...problems(400, 401, 404, 503) },
});
const removeGuardianRoute = createRoute({
  ...base,
  method: 'delete',
  path: `${BASE}/people/{personId}/guardians/{accountId}`,
  summary: 'Remove a guardian (or leave); a person always keeps one (409 `last_guardian`)',
  request: { params: PersonParam.extend({ accountId: z.string().uuid() }) },
  responses: { 204: { description: 'Removed' }, ...problems(401, 404, 409, 503) },
});
const createInvitation = createRoute({
  ...base,
  method: 'post',
  path: `${BASE}/people/{personId}/invitations`,
  summary:
    'Invite a second guardian, or hand the record over to the person, by email (valid 7 days); without email delivery the answer holds the link to pass on',
  request: { params: PersonParam, body: jsonBody(InvitationCreateRequest) },
  responses: {
    201: json(InvitationCreatedResponse, 'The invitation (and its link when it was not emailed)'),
    ...problems(400, 401, 404, 429, 503),
  },
});
const deleteInvitation = createRoute({
  ...base,
  method: 'delete',
  path: `${BASE}/people/{personId}/invitations/{invitationId}`,
  summary: 'Withdraw a pending invitation',
  request: { params: PersonParam.extend({ invitationId: z.string().uuid() }) },
  responses: { 204: { description: 'Withdrawn' }, ...problems(401, 404, 503) },
});
const preview = createRoute({
  tags,
  method: 'get',
  path: `${BASE}/invitations/{token}`,
  summary: 'What an invitation link offers (signed in or not); 404 `invitation_invalid` when unusable',
  request: { params: TokenParam },
  responses: { 200: json(InvitationPreview, 'The invitation'), ...problems(404, 429, 503) },
});
const accept = createRoute({
  ...base,
  method: 'post',
  path: `${BASE}/invitations/{token}/accept`,
  summary: 'Accept with the invited address (403 `invitation_wrong_account` for another one)',
  request: { params: TokenParam },
  responses: {
    200: json(InvitationAcceptResponse, 'Whose record'),
    ...problems(401, 403, 404, 422, 429, 503),
  },
});
const claim = createRoute({
  tags,
  method: 'post',
  path: `${BASE}/invitations/{token}/claim`,
  summary: 'Take a record over without an account: choose a password; you are signed in as that person',
  request: { params: TokenParam, body: jsonBody(InvitationClaimRequest) },
  responses: {
    200: json(InvitationAcceptResponse, 'Whose record (now yours); the session cookie is set'),
    ...problems(400, 404, 409, 429, 503),
  },
});
const latest = createRoute({
  ...base,
  method: 'get',
  path: `${BASE}/latest-readings`,
  summary: 'The latest glucose reading of every person you may act for (you included)',
  responses: { 200: json(LatestReadingsResponse, 'Latest readings'), ...problems(401, 503) },
});

export const householdRoutes = (deps: AppDeps) => {
  const { requireAccount, limiter, config, mailer, background, auth, bus } = deps;
  const app = createRouter();
  for (const path of [BASE, `${BASE}/people`, `${BASE}/people/*`, `${BASE}/latest-readings`])
    app.use(path, requireAccount);
  app.use(`${BASE}/invitations/:token/accept`, requireAccount);
  const lookups = limiter({ keyPrefix: 'household-invitation-lookup', ...SHARE_LOOKUPS_PER_IP });
  const throttled = (c: Context) => consumeOr429(lookups, ipBucket(c.get('clientIp')), 'invitation lookups');
  const invitationQuota = createInvitationQuota(limiter, config.shareInvitations);

  app.openapi(get, async (c) => c.json(await getHousehold(c.get('db'), c.get('account')), 200));
  // The account's open streams start listening for someone it now keeps (or hears again).
  const householdChanged = (accountId: string, personId: string) =>
    bus.publish({ userId: accountId, event: HOUSEHOLD_CHANGED, id: personId }).catch(() => {});
  app.openapi(add, async (c) => {
    const person = await addPerson(c.get('db'), c.get('account'), c.req.valid('json'));
    await householdChanged(c.get('account').id, person.id);
    return c.json(person, 201);
  });
  app.openapi(update, async (c) =>
    c.json(
      await updatePerson(c.get('db'), c.get('account'), c.req.valid('param').personId, c.req.valid('json')),
      200,
    ),
  );
  app.openapi(remove, async (c) => {
    const { personId } = c.req.valid('param');
    const input = c.req.valid('json');
    const deps2 = withRequestDb(deps, c);
    await deletePerson(deps2, c.get('account'), personId, () =>
      confirmIdentity(deps2, askerOf(c), input, 'delete this person'),
    );
    return c.body(null, 204);
  });
  app.openapi(mute, async (c) => {
    const { personId } = c.req.valid('param');
    const { muted } = c.req.valid('json');
    const person = await setMuted(c.get('db'), c.get('account'), personId, muted);
    if (!muted) await householdChanged(c.get('account').id, personId);
    return c.json(person, 200);
  });
  app.openapi(removeGuardianRoute, async (c) => {
    const { personId, accountId } = c.req.valid('param');
    await removeGuardian(c.get('db'), c.get('account'), personId, accountId);
    return c.body(null, 204);
  });
  app.openapi(createInvitation, async (c) => {
    await invitationQuota(c.get('account').id);
    const invitation = await invite(
      { db: c.get('db'), mailer, appUrl: config.appUrl, later: (t) => background.run(t) },
      c.get('account'),
      c.req.valid('param').personId,
      c.req.valid('json'),
    );
    return c.json(invitation, 201);
  });
  app.openapi(deleteInvitation, async (c) => {
    const { personId, invitationId } = c.req.valid('param');
    await cancelInvitation(c.get('db'), c.get('account'), personId, invitationId);
    return c.body(null, 204);
  });
  app.openapi(preview, async (c) => {
    await throttled(c);
    return c.json(await previewInvitation(c.get('db'), c.req.valid('param').token), 200);
  });
  app.openapi(accept, async (c) => {
    await throttled(c);
    const accepted = await acceptInvitation(c.get('db'), c.get('account'), c.req.valid('param').token);
    await householdChanged(c.get('account').id, accepted.personId);
    return c.json(accepted, 200);
  });
  app.openapi(claim, async (c) => {
    await throttled(c);
    const { password } = c.req.valid('json');
    if (isCommonPassword(password))
      throw new ProblemError(400, 'validation_failed', COMMON_PASSWORD_MESSAGE, [
        { path: 'password', message: COMMON_PASSWORD_MESSAGE },
      ]);
    const ctx = await auth.$context;
    const claimed = await claimInvitation(
      { db: c.get('db'), hashPassword: (pw) => ctx.password.hash(pw) },
      c.req.valid('param').token,
      password,
    );
    // Signed in the ordinary way: the session hooks check the account and audit the sign-in.
    const headers = new Headers(c.req.raw.headers);
    stripSessionCookies(headers, config);
    headers.set(CLIENT_IP_HEADER, c.get('clientIp'));
    const signedIn = await auth.api.signInEmail({
      body: { email: claimed.email, password },
      headers,
      asResponse: true,
    });
    const res = c.json({ personId: claimed.personId }, 200);
    for (const cookie of signedIn.headers.getSetCookie()) res.headers.append('set-cookie', cookie);
    return res;
  });
  app.openapi(latest, async (c) => c.json(await latestReadings(c.get('db'), c.get('account')), 200));
  return app;
};
