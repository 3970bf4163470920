import { z } from 'zod';
import { ProblemError, validationProblem } from '../http/problem';

/**
 * better-auth 1.7 serves generic OAuth providers through its social endpoints (`/sign-in/social`,
 * `/callback/:id`) and dropped the plugin's own `/sign-in/oauth2` and `/oauth2/callback/:id`. Our
 * documented API (and the redirect URI an operator registers with Google) keeps the oauth2 paths,
 * so they are translated here rather than breaking every deployment's Google configuration.
 */
export const OAUTH2_CALLBACK_PATH = '/oauth2/callback/';

const OAuth2SignInRequest = z.looseObject({
  providerId: z.string().min(1),
  callbackURL: z.string().optional(),
  errorCallbackURL: z.string().optional(),
  newUserCallbackURL: z.string().optional(),
});

export const translateOAuth2 = (method: string, path: string, body: string | undefined) => {
  if (path.startsWith(OAUTH2_CALLBACK_PATH))
    return { path: `/callback/${path.slice(OAUTH2_CALLBACK_PATH.length)}`, body };
  if (path !== '/sign-in/oauth2' || method !== 'POST') return { path, body };
  let json: unknown;
  try {
    json = body ? JSON.parse(body) : {};
  } catch {
    throw new ProblemError(400, 'malformed_json', 'The request body is not valid JSON.');
  }
  const parsed = OAuth2SignInRequest.safeParse(json);
  if (!parsed.success) throw validationProblem(parsed.error);
  const { providerId, ...rest } = parsed.data;
  return { path: '/sign-in/social', body: JSON.stringify({ ...rest, provider: providerId }) };
};
