import { CalendarFeedResponse, ProblemResponse } from '@healthfolio/core';
import { createRoute, z } from '@hono/zod-openapi';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, problems, SESSION_SECURITY } from '../../http/openapi';
import { ProblemError } from '../../http/problem';
import { createFeed, feedCalendar, getFeed, revokeFeed } from './calendar-feed.service';

const base = { tags: ['Appointments'], security: SESSION_SECURITY };
const FEED = '/api/v1/calendar/feed';

const status = createRoute({
  ...base,
  method: 'get',
  path: FEED,
  summary: 'Whether you have a private calendar feed (its address is shown only when created)',
  responses: { 200: json(CalendarFeedResponse, 'The feed'), ...problems(401, 503) },
});
const create = createRoute({
  ...base,
  method: 'post',
  path: FEED,
  summary: 'Create a private calendar feed address (replacing and revoking any previous one)',
  responses: { 201: json(CalendarFeedResponse, 'The new address, shown this once'), ...problems(401, 503) },
});
const revoke = createRoute({
  ...base,
  method: 'delete',
  path: FEED,
  summary: 'Revoke your calendar feed; its address answers 404 from the next request',
  responses: { 204: { description: 'Revoked' }, ...problems(401, 503) },
});

/** Calendar apps poll every 15 minutes or so; this leaves room for several behind one address. */
export const FEED_LOOKUPS_PER_IP = { points: 60, duration: 600 };

export const calendarFeedRoutes = ({ config, requireUser }: AppDeps) => {
  const app = createRouter();
  app.use(FEED, requireUser);
  const uid = (c: { get(k: 'user'): { id: string } }) => c.get('user').id;
  app.openapi(status, async (c) => c.json(await getFeed(c.get('db'), uid(c)), 200));
  app.openapi(create, async (c) => c.json(await createFeed(c.get('db'), config.appUrl, uid(c)), 201));
  app.openapi(revoke, async (c) => {
    await revokeFeed(c.get('db'), uid(c));
    return c.body(null, 204);
  });

  // Hono cannot name a path parameter followed by ".ics", so the handler is registered directly and
  // documented separately.
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/api/v1/calendar/{token}.ics',
    tags: ['Appointments'],
    summary: 'A private calendar feed (iCalendar, no session: the token in the address is the credential)',
    request: { params: z.object({ token: z.string() }) },
    responses: {
      200: { description: 'iCalendar text', content: { 'text/calendar': { schema: z.string() } } },
      404: {
        description: 'Wrong or revoked address',
        content: { 'application/problem+json': { schema: ProblemResponse } },
      },
      429: {
        description: 'Too many lookups',
        content: { 'application/problem+json': { schema: ProblemResponse } },
      },
    },
  });
  // Counted per IP before the token is hashed or looked up, so guessing costs the guesser, not us.
  const lookups = new RateLimiterMemory({ keyPrefix: 'calendar-feed', ...FEED_LOOKUPS_PER_IP });
  app.get('/api/v1/calendar/:file{[^/]+\\.ics}', async (c) => {
    try {
      await lookups.consume(c.get('clientIp'));
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      const seconds = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      throw new ProblemError(
        429,
        'rate_limited',
        'Too many calendar requests. Please try again later.',
        undefined,
        {
          'retry-after': String(seconds),
        },
      );
    }
    const ics = await feedCalendar(c.get('db'), c.req.param('file').slice(0, -'.ics'.length));
    return c.body(ics, 200, { 'content-type': 'text/calendar; charset=utf-8', 'cache-control': 'no-store' });
  });
  return app;
};
