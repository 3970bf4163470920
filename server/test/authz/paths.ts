import type { Actor, World } from './actors';
import type { Ids } from './seed';

/** Which seeded record an `{id}` names, by the path it sits in (first match). */
const ID_KINDS: [RegExp, string][] = [
  [/\/entries\/\{id\}/, 'entry'],
  [/\/notifications\/\{id\}/, 'dose'],
  [/\/medications\/doses\/\{id\}/, 'dose'],
  [/\/medications\/schedules\/\{id\}/, 'schedule'],
  [/\/appointments\/\{id\}/, 'appointment'],
  [/\/lab-results\/documents\/\{id\}/, 'document'],
  [/\/lab-results\/\{id\}/, 'labResult'],
  [/\/hypo\/follow-ups\/\{id\}/, 'followUp'],
  [/\/insurance\/plans\/\{id\}/, 'plan'],
  [/\/insurance\/claims\/\{id\}/, 'claim'],
  [/\/insurance\/bills\/\{id\}/, 'bill'],
  [/\/shares\/\{id\}/, 'share'],
  [/\/packets\/\{id\}/, 'packet'],
  [/\/export\/record\/\{id\}/, 'export'],
  [/\/documents\/\{id\}/, 'document'],
  [/\/meal-photo-analyses\/\{id\}/, 'mealPhoto'],
  [/\/foods\/custom\/\{id\}/, 'food'],
  [/\/nightscout\/followers\/\{id\}/, 'nsFollower'],
  [/\/nightscout\/credentials\/\{id\}/, 'nsCredential'],
  [/\/household\/followers\/\{id\}/, 'householdFollower'],
  [/\/household\/people\/\{personId\}\/invitations\/\{invitationId\}/, 'invitation'],
];

/** An id no record has: for `{id}`s the matrix seeds nothing for (an alarm, a backup, a connection). */
export const NO_SUCH_ID = '00000000-0000-4000-8000-00000000a11a';
/** A well-formed token nobody holds (43 URL-safe characters, as every token of ours). */
export const NO_SUCH_TOKEN = 'Z'.repeat(43);

export interface PathContext {
  world: World;
  ownerIds: Ids;
  wardIds: Ids;
  /** Tokens in path templates, by template: who holds the real one (others present their own). */
  holders: Record<string, { holder: Actor | 'everyone'; token: string }>;
}

/** Whose records an actor's request names: the guardians ask for the ward's, everyone else the owner's. */
export const subjectOf = (actor: Actor) =>
  actor === 'guardian' || actor === 'removedGuardian' ? 'ward' : 'owner';

const QUERIES: [RegExp, () => string][] = [
  [/\/glucose\/series$/, () => `from=${new Date(Date.now() - 86_400_000).toISOString()}`],
  [
    /\/temp-basals$/,
    () => `from=${new Date(Date.now() - 86_400_000).toISOString()}&to=${new Date().toISOString()}`,
  ],
  [/\/glucose\/(stats|analytics)$/, () => 'days=30'],
  [/export\.csv$/, () => `year=${new Date().getUTCFullYear()}`],
];

/** The concrete URL `actor` asks for `route` ("METHOD /path/{param}"): real ids, tokens by who holds them. */
export const concretePath = (route: string, actor: Actor, ctx: PathContext, personScoped: boolean) => {
  const template = route.slice(route.indexOf(' ') + 1);
  const ids = personScoped && subjectOf(actor) === 'ward' ? ctx.wardIds : ctx.ownerIds;
  const kind = ID_KINDS.find(([re]) => re.test(template))?.[1];
  const held = ctx.holders[template];
  const own = ctx.world.actors[actor].token ?? NO_SUCH_TOKEN;
  const token = held && (held.holder === 'everyone' || held.holder === actor) ? held.token : own;
  const path = template
    .replace('{id}', kind ? (ids[kind] ?? NO_SUCH_ID) : NO_SUCH_ID)
    .replace('{invitationId}', ids.invitation ?? NO_SUCH_ID)
    .replace('{personId}', ctx.world.wardId)
    .replace('{accountId}', ids.guardianToRemove ?? NO_SUCH_ID)
    .replace('{userId}', ctx.world.ownerId)
    .replace('{tracker}', 'blood-pressure')
    .replace('{loinc}', '4548-4')
    .replace('{slug}', ctx.world.slug)
    .replace('{key}', 'session_timeout')
    .replace('{providerId}', 'google')
    .replace('{prefix}', '2020')
    .replace('{regex}', 'T1')
    .replace('{storage}', 'entries')
    .replace('{field}', 'dateString')
    .replace('{type}', 'sgv')
    .replace(/\{(token|accessToken|manifestId)\}/, encodeURIComponent(token));
  const query = QUERIES.find(([re]) => re.test(template))?.[1]();
  return query ? `${path}?${query}` : path;
};
