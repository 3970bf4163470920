import {
  PlatformSettingResponse,
  PlatformSettingsResponse,
  SettingKey,
  SettingUpdateRequest,
} from '@healthfolio/core';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, jsonBody, problems, SESSION_SECURITY } from '../../http/openapi';
import { withRequestDb } from '../audit/audit-context';
import { requireAdmin } from '../roles/roles.service';
import { listSettings, resetSettings, updateSetting } from './platform-settings.service';

const tags = ['Admin'];
const security = SESSION_SECURITY;

const list = createRoute({
  method: 'get',
  path: '/api/v1/admin/settings',
  tags,
  security,
  summary: 'Platform settings in force, each with its category and whether it is the default',
  responses: { 200: json(PlatformSettingsResponse, 'Every setting'), ...problems(401, 403, 503) },
});

const update = createRoute({
  method: 'put',
  path: '/api/v1/admin/settings/{key}',
  tags,
  security,
  summary: 'Change a platform setting (validated per key; audited as update_setting)',
  request: { params: z.object({ key: SettingKey }), body: jsonBody(SettingUpdateRequest) },
  responses: {
    200: json(PlatformSettingResponse, 'The setting now in force'),
    ...problems(400, 401, 403, 503),
  },
});

const reset = createRoute({
  method: 'post',
  path: '/api/v1/admin/settings/reset',
  tags,
  security,
  summary: 'Reset to Defaults: every setting gets its documented default (audited per key changed)',
  responses: {
    200: json(PlatformSettingsResponse, 'Every setting after the reset'),
    ...problems(401, 403, 503),
  },
});

export const adminSettingsRoutes = (deps: AppDeps) => {
  const app = createRouter();
  app.use('/api/v1/admin/settings', deps.requireAccount, requireAdmin());
  app.use('/api/v1/admin/settings/*', deps.requireAccount, requireAdmin());
  app.openapi(list, async (c) => c.json({ items: await listSettings(withRequestDb(deps, c)) }, 200));
  app.openapi(reset, async (c) =>
    c.json({ items: await resetSettings(withRequestDb(deps, c), c.get('user').id) }, 200),
  );
  app.openapi(update, async (c) => {
    const { key } = c.req.valid('param');
    return c.json(
      await updateSetting(withRequestDb(deps, c), c.get('user').id, key, c.req.valid('json').value),
      200,
    );
  });
  return app;
};
