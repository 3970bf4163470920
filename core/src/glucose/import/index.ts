export { detectImportFormat } from './detect-format';
export { parseGlucoseFile } from './parse-glucose-file';
export {
  IMPORT_FORMATS,
  type ImportedReading,
  type ImportFormat,
  ImportFormatError,
  importSource,
  type ParsedImport,
  type SkippedRow,
} from './types';
