import { parseGlucoseFile } from '@healthfolio/core/glucose/import/index';
import type { ImportFormat } from '@healthfolio/core/glucose/import/types';

type Request = { text: string; timeZone: string; format?: ImportFormat };

// A year of 5-minute data takes about a second to parse: off the main thread, the page stays responsive.
self.onmessage = (event: MessageEvent<Request>) => {
  const { text, timeZone, format } = event.data;
  try {
    self.postMessage({ ok: true, result: parseGlucoseFile(text, { timeZone, format }) });
  } catch (error) {
    self.postMessage({
      ok: false,
      message: error instanceof Error ? error.message : 'The file could not be read.',
    });
  }
};
