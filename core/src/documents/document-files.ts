/** Rules about uploaded files that the form and the server share. */

export const ALLOWED_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png', 'doc', 'docx'] as const;
export type AllowedExtension = (typeof ALLOWED_EXTENSIONS)[number];

/** For the file picker's `accept`. */
export const ACCEPT_ATTRIBUTE = ALLOWED_EXTENSIONS.map((e) => `.${e}`).join(',');

/** 10 MB: the spec's stated limit, used until the admin sets `max_file_size`. */
export const DEFAULT_UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024;

/** The MIME type a file of each extension must turn out to be (the bytes decide, not the name). */
export const MIME_BY_EXTENSION: Record<AllowedExtension, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** The last extension, lowercased ("Scan.PDF" → "pdf", "a.pdf.exe" → "exe"); "" when there is none. */
export const fileExtension = (name: string) => {
  const base = name.split(/[/\\]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
};

export const isAllowedExtension = (ext: string): ext is AllowedExtension =>
  (ALLOWED_EXTENSIONS as readonly string[]).includes(ext);

export const isAllowedFileName = (name: string) => isAllowedExtension(fileExtension(name));

const MAX_NAME = 200;

/**
 * A file name safe to store and to put in a download header: no folders (either slash), no control
 * or bidirectional-override characters, no leading dots, at most 200 characters keeping the extension.
 */
export const sanitizeFileName = (name: string) => {
  const base = (name.split(/[/\\]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  if (!base) return 'document';
  if (base.length <= MAX_NAME) return base;
  const ext = fileExtension(base);
  const keep = ext ? `.${ext}` : '';
  return base.slice(0, MAX_NAME - keep.length) + keep;
};

/** The title a new document gets: the file name without its extension. */
export const titleFromFileName = (name: string) => {
  const base = sanitizeFileName(name);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
};

const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** "0 Bytes", "512 Bytes", "1.5 KB", "10 MB", "2.25 GB" (powers of 1024, at most two decimals). */
export const formatFileSize = (bytes: number) => {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const i = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${Number.parseFloat((bytes / 1024 ** i).toFixed(2))} ${UNITS[i]}`;
};

export const uploadLimitMessage = (limitBytes: number) =>
  `The file is larger than the ${formatFileSize(limitBytes)} limit.`;

/** What the viewer can show inline (PDF and images); other types are downloaded. */
export const isViewableType = (mime: string) => mime === 'application/pdf' || mime.startsWith('image/');
