import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The installable app (docs/install-and-alerts.md): the manifest, and the service worker built from
 * src/sw.ts, which precaches the app shell and static files (never an /api or /ns answer) and shows
 * pushed alerts. It is registered after the page has loaded (src/features/offline/register-sw.ts).
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  registerType: 'prompt',
  injectRegister: false,
  manifest: {
    id: '/dashboard',
    name: 'Healthfolio',
    short_name: 'Healthfolio',
    description: 'Your health records, logs and alerts.',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    theme_color: '#1f6f8b',
    background_color: '#f7f9fb',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    shortcuts: [
      {
        name: 'Log Glucose',
        url: '/dashboard/trackers/blood-glucose',
        icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }],
      },
      {
        name: 'Log Data',
        url: '/dashboard/log-data',
        icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }],
      },
    ],
  },
  injectManifest: {
    // The shell and static files only: prerendered pages and build records are the server's.
    globPatterns: ['index.html', 'assets/**/*.{js,css,woff2,svg,png}', 'favicon.svg', 'icons/*.png'],
    globIgnores: ['prerendered/**', '.vite/**', 'csp-hashes.json'],
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
  },
});

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [pwa])],
  resolve: {
    alias: {
      '@': decodeURIComponent(new URL('./src', import.meta.url).pathname),
      // Radix's scroll lock without an inline <style> element the CSP would refuse (see the file).
      'react-style-singleton': decodeURIComponent(
        new URL('./src/lib/style-singleton.ts', import.meta.url).pathname,
      ),
    },
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Read by scripts/prerender.mjs and scripts/check-first-load.mjs.
    manifest: true,
    // Fewer, larger files for a first visit (bench/README.md, Lighthouse): everything the entry loads
    // statically is one chunk (`$initial`: it all runs before any screen, whichever route shares a
    // module of it), and shared chunks under 16 KB of source are copied into the chunks that use them
    // rather than fetched one by one (Rolldown's shared runtime keeps one module state across the
    // copies). The dashboard's first load went from 50 files to 20, then to 5.
    // (The prerender build runs in Node once, where file count does not matter.)
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              experimentalInlineCommonChunks: { maxSize: 16384 },
              groups: [{ name: 'app', tags: ['$initial'] }],
            },
          },
        },
  },
}));
