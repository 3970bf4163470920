/** The one way the web talks to the server: same origin, cookies, JSON, problem+json errors. */

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly retryAfter: string | null;
  readonly fieldErrors: { path: string; message: string }[];

  constructor(
    message: string,
    init: {
      status: number;
      code?: string;
      retryAfter?: string | null;
      errors?: { path: string; message: string }[];
    },
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.retryAfter = init.retryAfter ?? null;
    this.fieldErrors = init.errors ?? [];
  }
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

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

export async function api<T>(path: string, options: { method?: Method; body?: unknown } = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const init: RequestInit = { method, credentials: 'include', headers: { Accept: 'application/json' } };
  if (method !== 'GET') {
    // A non-simple content type on every state change: the server's CSRF rule requires it.
    init.headers = { Accept: 'application/json', 'Content-Type': 'application/json' };
    init.body = JSON.stringify(options.body ?? {});
  }
  let res: Response;
  try {
    res = await fetch(path, init);
  } catch {
    throw new ApiError('Could not reach the server. Check your connection and try again.', { status: 0 });
  }
  const body = await readBody(res);
  if (!res.ok) {
    const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    throw new ApiError(messageOf(body, res), {
      status: res.status,
      code: typeof b.code === 'string' ? b.code : undefined,
      retryAfter: res.headers.get('Retry-After'),
      errors: Array.isArray(b.errors) ? (b.errors as { path: string; message: string }[]) : undefined,
    });
  }
  return body as T;
}

export const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : fallback;
