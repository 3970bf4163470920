import ipaddr from 'ipaddr.js';
import type { AiConfig } from '../../config';

/**
 * Where the configured language model runs, for what the landing page may claim: on this server's own
 * machine or network (loopback, a private address, `localhost`, or a one-word host such as a Compose
 * service `ollama`), or at an outside provider (OpenAI's default, any other host name).
 */
export const aiLocation = (ai: AiConfig | undefined): 'none' | 'this_server' | 'outside' => {
  if (!ai || (!ai.model && !ai.visionModel)) return 'none';
  if (!ai.baseUrl) return 'outside';
  let host: string;
  try {
    host = new URL(ai.baseUrl).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return 'outside';
  }
  if (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.')) return 'this_server';
  if (ipaddr.isValid(host)) {
    const range = ipaddr.process(host).range();
    if (['loopback', 'private', 'uniqueLocal', 'linkLocal'].includes(range)) return 'this_server';
  }
  return 'outside';
};
