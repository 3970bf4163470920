import type { paths } from './api-paths.gen';

/**
 * The paths the API serves, from its own contract (/api/openapi.json → api-paths.gen.ts, compared with
 * the server in its contract test): a call to a path the server does not serve for that method fails the
 * web's type check, so the app and its API cannot drift apart.
 */

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** `/api/v1/entries/{id}` → `/api/v1/entries/${string}`, the type of a call site's template literal. */
type Fill<S extends string> = S extends `${infer Head}{${string}}${infer Tail}`
  ? `${Head}${string}${Fill<Tail>}`
  : S;

type Served<M extends Method> = {
  [K in keyof paths]: paths[K] extends Record<Lowercase<M>, object> ? Fill<K & string> : never;
}[keyof paths];

/** A path the API serves for this method, with or without a query string. */
export type ApiPath<M extends Method = 'GET'> = Served<M> | `${Served<M>}?${string}`;
