import type { ImportFormat, ParsedImport } from '@healthfolio/core/glucose/import/types';

export {
  IMPORT_FORMATS,
  type ImportFormat,
  importSource,
  type ParsedImport,
} from '@healthfolio/core/glucose/import/types';

/**
 * Core's CGM parsers run here in the browser, so the preview shows exactly what will be stored.
 * They load with the first chosen file, not with the screen.
 */
export async function parseGlucoseFile(
  text: string,
  opts: { timeZone: string; format?: ImportFormat },
): Promise<ParsedImport> {
  const { parseGlucoseFile: parse } = await import('@healthfolio/core/glucose/import/index');
  return parse(text, opts);
}
