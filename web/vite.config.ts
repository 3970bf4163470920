import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
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
