import Bowser from 'bowser';

/**
 * A user agent as a person would name it ("Chrome on Linux", "Safari on iOS"). Only names bowser
 * recognises are shown: the header is chosen by whoever sent the request, so free text from it never
 * reaches the screen.
 */
export const deviceName = (userAgent: string | null): string | null => {
  if (!userAgent) return null;
  const { browser, os } = Bowser.parse(userAgent.slice(0, 1000));
  const name = browser.name || null;
  const system = os.name || null;
  if (name && system) return `${name} on ${system}`;
  return name ?? (system ? `A browser on ${system}` : 'An unknown browser or app');
};
