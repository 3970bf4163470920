/**
 * What a first visit to each route runs, as source modules the Vite manifest knows: the app's entry
 * (index.html) plus the lazy route modules the router loads for that address straight away. Shared
 * by the prerender step (which preloads them) and the first-load budget check (which weighs them).
 */
export const FIRST_LOAD = {
  '/': ['src/features/landing/landing-page.tsx'],
  '/auth': ['src/features/auth/auth-page.tsx'],
  '/dashboard': ['src/features/shell/dashboard-layout.tsx', 'src/features/dashboard/home-page.tsx'],
  // What every dashboard address shares (preloaded by the frame the server sends for them).
  '/dashboard/*': ['src/features/shell/dashboard-layout.tsx'],
  '/dashboard/log-data': [
    'src/features/shell/dashboard-layout.tsx',
    'src/features/log-data/log-data-page.tsx',
  ],
  '/dashboard/track-data': [
    'src/features/shell/dashboard-layout.tsx',
    'src/features/track-data/track-data-page.tsx',
  ],
};

/** Every chunk file a list of manifest entries loads before running, each once, in load order. */
export const chunkClosure = (manifest, keys) => {
  const files = [];
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk)
      throw new Error(`${key} is not in the Vite manifest (renamed? update web/scripts/first-load.mjs)`);
    for (const dep of chunk.imports ?? []) visit(dep);
    files.push(chunk.file);
  };
  for (const key of keys) visit(key);
  return files;
};
