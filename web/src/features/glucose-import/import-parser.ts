import type { ImportFormat, ParsedImport } from '@healthfolio/core/glucose/import/types';

export {
  IMPORT_FORMATS,
  type ImportFormat,
  importSource,
  type ParsedImport,
} from '@healthfolio/core/glucose/import/types';

type Answer = { ok: true; result: ParsedImport } | { ok: false; message: string };

/**
 * Core's CGM parsers run here in the browser, so the preview shows exactly what will be stored:
 * in a worker when the browser has them, else on the page. Either way they load with the first file.
 */
export async function parseGlucoseFile(
  text: string,
  opts: { timeZone: string; format?: ImportFormat },
): Promise<ParsedImport> {
  if (typeof Worker === 'undefined') {
    const { parseGlucoseFile: parse } = await import('@healthfolio/core/glucose/import/index');
    return parse(text, opts);
  }
  const worker = new Worker(new URL('./parse.worker.ts', import.meta.url), { type: 'module' });
  try {
    const answer = await new Promise<Answer>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<Answer>) => resolve(event.data);
      worker.onerror = () => reject(new Error('The file could not be read in this browser.'));
      worker.postMessage({ text, ...opts });
    });
    if (!answer.ok) throw new Error(answer.message);
    return answer.result;
  } finally {
    worker.terminate();
  }
}
