import type { JsonSchema } from './schema-values';

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  key: string; // `POST /api/v1/entries`
  method: string;
  path: string;
  parameters: Parameter[];
  /** Request body media types and their schemas, as documented. */
  body: Record<string, JsonSchema | undefined>;
  bodyRequired: boolean;
  statuses: Set<number>;
  security: Record<string, string[]>[] | undefined;
}

interface DocOperation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
  security?: Record<string, string[]>[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, DocOperation>>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/**
 * Operations the fuzzer does not call, each with why. Everything else in the document is called by
 * every identity. Sign-out and the like are called: the runner signs the user in again after them.
 */
export const EXCLUDED: Record<string, string> = {
  'GET /api/v1/notifications/stream':
    'an event stream that stays open until the client leaves: covered by notifications-stream tests',
};

/** Every operation of the document, with what the fuzzer needs to build requests for it. */
export const operationsOf = (doc: OpenApiDocument): Operation[] =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => {
      const op = item[m]!;
      const body = Object.fromEntries(
        Object.entries(op.requestBody?.content ?? {}).map(([type, media]) => [type, media.schema]),
      );
      return {
        key: `${m.toUpperCase()} ${path}`,
        method: m.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body,
        bodyRequired: op.requestBody?.required ?? false,
        statuses: new Set(Object.keys(op.responses ?? {}).map(Number)),
        security: op.security,
      };
    }),
  );
