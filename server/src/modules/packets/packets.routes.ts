import {
  PacketCreatedResponse,
  PacketCreateRequest,
  PacketListResponse,
  PacketResponse,
} from '@healthfolio/core/packets/packet.schema';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, jsonBody, problems, SESSION_SECURITY } from '../../http/openapi';
import { createPacket, deletePacket, listPackets, revokePacket } from './packets.service';

const IdParam = z.object({ id: z.string().uuid() });
const base = { tags: ['Visit packets'], security: SESSION_SECURITY };
const PACKETS = '/api/v1/packets';

const list = createRoute({
  ...base,
  method: 'get',
  path: PACKETS,
  summary: 'Your pre-visit packets, newest first: status, expiry, passcode attempts left, times opened',
  responses: { 200: json(PacketListResponse, 'Your packets'), ...problems(401, 503) },
});
const create = createRoute({
  ...base,
  method: 'post',
  path: PACKETS,
  summary:
    'Prepare for a visit: builds the PDF summary and shares it as a SMART Health Link; the link and its passcode are answered this once',
  request: { body: jsonBody(PacketCreateRequest) },
  responses: {
    201: json(PacketCreatedResponse, 'The packet, its link and passcode'),
    ...problems(400, 401, 429, 503),
  },
});
const revoke = createRoute({
  ...base,
  method: 'post',
  path: `${PACKETS}/{id}/revoke`,
  summary: 'Revoke a packet; its link answers "not valid" from the next request',
  request: { params: IdParam },
  responses: { 200: json(PacketResponse, 'The revoked packet'), ...problems(401, 404, 503) },
});

const remove = createRoute({
  ...base,
  method: 'delete',
  path: `${PACKETS}/{id}`,
  summary: 'Delete a packet from your list; a link still live stops working',
  request: { params: IdParam },
  responses: { 204: { description: 'Deleted' }, ...problems(401, 404, 503) },
});

export const packetsRoutes = ({ storage, config, requireUser, quotas }: AppDeps) => {
  const app = createRouter();
  app.use(PACKETS, requireUser, quotas.packetCreation);
  app.use(`${PACKETS}/*`, requireUser);
  const uid = (c: { get(k: 'user'): { id: string } }) => c.get('user').id;
  app.openapi(list, async (c) => c.json(await listPackets(c.get('db'), uid(c)), 200));
  app.openapi(create, async (c) =>
    c.json(await createPacket(c.get('db'), storage, config.appUrl, uid(c), c.req.valid('json')), 201),
  );
  app.openapi(revoke, async (c) =>
    c.json(await revokePacket(c.get('db'), storage, uid(c), c.req.valid('param').id), 200),
  );
  app.openapi(remove, async (c) => {
    await deletePacket(c.get('db'), storage, uid(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
  return app;
};
