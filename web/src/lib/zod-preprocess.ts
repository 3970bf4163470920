/**
 * zod's `preprocess`, for loading on demand. `import('zod')` would keep zod's whole namespace, every
 * locale included (~65 KB gzipped more on each page that loads zod); this module keeps one function.
 */
export { preprocess } from 'zod';
