import { personHeaders, withPerson } from './acting-person';
import type { ApiPath, Method } from './api-path';
import { markServerReachable, serverTrouble } from './connection';

/**
 * The one way the web talks to the server: same origin, cookies, JSON, problem+json errors, and the
 * person this tab acts for (lib/acting-person.ts) on every request.
 */

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly retryAfter: string | null;
  readonly fieldErrors: { path: string; message: string }[];
  /** The whole problem document, for the members a screen reads beyond these (e.g. choices offered). */
  readonly problem: Record<string, unknown>;

  constructor(
    message: string,
    init: {
      status: number;
      code?: string;
      retryAfter?: string | null;
      errors?: { path: string; message: string }[];
      problem?: Record<string, unknown>;
    },
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.retryAfter = init.retryAfter ?? null;
    this.fieldErrors = init.errors ?? [];
    this.problem = init.problem ?? {};
  }
}

const readBody = async (res: Response): Promise<unknown> => {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

const messageOf = (body: unknown, res: Response): string => {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    for (const key of ['detail', 'message', 'title'] as const) {
      const value = b[key];
      if (typeof value === 'string' && value.trim()) return value;
    }
  }
  if (typeof body === 'string' && body.trim() && body.length < 300) return body;
  return res.statusText || `Request failed (${res.status})`;
};

/**
 * Requests of the account whoever the tab shows (sign-in, the household): sent without the person,
 * so the dashboard HTML's preloaded answer (prerender/data-preloads.ts) serves them.
 */
const ACCOUNT_PATH = /^\/api\/(?:auth\/|v1\/household(?:[/?]|$))/;

/**
 * The server itself is out of reach: a proxy's 502 or 504, a 503 that is not the app's own problem
 * (a feature not set up or maintenance mode answers with its code), or the app's database down.
 */
const serverDown = (status: number, code: unknown) =>
  status === 502 ||
  status === 504 ||
  (status === 503 && (code === undefined || code === 'database_unavailable'));

/** Sends a request and answers the response when it is OK; otherwise throws the problem as an ApiError. */
async function request(path: string, init: RequestInit): Promise<Response> {
  let res: Response;
  try {
    const account = ACCOUNT_PATH.test(path);
    const headers = {
      ...(account ? {} : personHeaders()),
      ...(init.headers as Record<string, string> | undefined),
    };
    // A read for another person also names them in its address: Chromium hands a fetch the dashboard
    // HTML's preloaded answer (the account's own, fetched without the header) whatever its headers.
    const url = account || (init.method ?? 'GET') !== 'GET' ? path : withPerson(path);
    res = await fetch(url, { credentials: 'include', ...init, headers });
  } catch {
    serverTrouble();
    throw new ApiError('Could not reach the server. Check your connection and try again.', { status: 0 });
  }
  if (res.ok) {
    markServerReachable();
    return res;
  }
  const body = await readBody(res);
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  if (serverDown(res.status, b.code)) serverTrouble();
  else markServerReachable();
  throw new ApiError(messageOf(body, res), {
    status: res.status,
    code: typeof b.code === 'string' ? b.code : undefined,
    retryAfter: res.headers.get('Retry-After'),
    errors: Array.isArray(b.errors) ? (b.errors as { path: string; message: string }[]) : undefined,
    problem: b,
  });
}

export async function api<T>(path: ApiPath<'GET'>, options?: { method?: 'GET' }): Promise<T>;
export async function api<T>(path: ApiPath<'POST'>, options: { method: 'POST'; body?: unknown }): Promise<T>;
export async function api<T>(
  path: ApiPath<'PATCH'>,
  options: { method: 'PATCH'; body?: unknown },
): Promise<T>;
export async function api<T>(path: ApiPath<'PUT'>, options: { method: 'PUT'; body?: unknown }): Promise<T>;
export async function api<T>(
  path: ApiPath<'DELETE'>,
  options: { method: 'DELETE'; body?: unknown },
): Promise<T>;
export async function api<T>(path: string, options: { method?: Method; body?: unknown } = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const init: RequestInit =
    method === 'GET'
      ? { method, headers: { Accept: 'application/json' } }
      : {
          method,
          // A non-simple content type on every state change: the server's CSRF rule requires it.
          headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
          body: JSON.stringify(options.body ?? {}),
        };
  return (await readBody(await request(path, init))) as T;
}

/**
 * Saves a file the server sends (an .ics, an export). Fetched rather than followed as a link, so an
 * ended session or a missing item is reported as an error instead of being saved as the file.
 */
export async function downloadFile(path: ApiPath<'GET'>, filename: string): Promise<void> {
  const blob = await (await request(path, { method: 'GET' })).blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the object URL can go once this task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : fallback;
