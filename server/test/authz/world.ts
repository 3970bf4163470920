import { PERSON_HEADER } from '@healthfolio/core';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { latestMailLink, signUpAndSignIn, type TestServer } from '../harness';
import { makeActors } from './actors';
import type { PathContext } from './paths';
import { seedRecords } from './seed';

/** The words in the owner's and the ward's records: a body holding one carries that person's data. */
export const OWNER_MARK = 'Ozqowner';
export const WARD_MARK = 'Wzqward';

const tokenOfLink = (link: string) => new URL(link).pathname.split('/').pop()!;

/** Everyone, one of each of the owner's and the ward's records, and the links the matrix hands out. */
export const buildWorld = async (server: TestServer): Promise<PathContext> => {
  const world = await makeActors(server);
  const ownerIds = await seedRecords(server, {
    client: world.owner,
    headers: {},
    personId: world.ownerId,
    mark: OWNER_MARK,
  });
  const wardIds = await seedRecords(server, {
    client: world.guardian,
    headers: { [PERSON_HEADER]: world.wardId },
    personId: world.wardId,
    mark: WARD_MARK,
  });
  // The ward's household: a pending invitation for someone no actor is, a handover link, and a spare
  // guardian (the row an accepted invitation writes) for the guardian to remove.
  const invite = async (email: string, kind: string) => {
    const res = await world.guardian.post(`/api/v1/household/people/${world.wardId}/invitations`, {
      email,
      kind,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return {
      id: (await res.json()).id as string,
      token: tokenOfLink(await latestMailLink(server.deps.db, email)),
    };
  };
  const pending = await invite('authz-invitee@example.com', 'guardian');
  const handover = await invite('authz-handover@example.com', 'handover');
  const spare = await signUpAndSignIn(server, 'authz-spare@example.com');
  await server.deps.db.asSystem((tx) =>
    tx.execute(
      sql`insert into guardianships (person_id, guardian_id) values (${world.wardId}, ${spare.userId})`,
    ),
  );
  const follower = await world.owner.post('/api/v1/household/followers', { name: 'Authz spare follower' });
  expect(follower.status).toBe(201);
  Object.assign(ownerIds, {
    invitation: pending.id,
    guardianToRemove: spare.userId,
    householdFollower: (await follower.json()).id,
  });
  return {
    world,
    ownerIds,
    wardIds,
    holders: {
      '/api/v1/calendar/{token}.ics': { holder: 'owner', token: world.feedToken },
      '/api/v1/household/invitations/{token}': { holder: 'anonymous', token: handover.token },
      '/api/v1/household/invitations/{token}/claim': { holder: 'anonymous', token: handover.token },
      '/api/v1/household/invitations/{token}/accept': { holder: 'everyone', token: pending.token },
      '/api/shl/{manifestId}': { holder: 'anonymous', token: ownerIds.manifest! },
    },
  };
};
