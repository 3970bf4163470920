import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': decodeURIComponent(new URL('./src', import.meta.url).pathname) } },
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Read by scripts/prerender.mjs and scripts/check-first-load.mjs.
    manifest: true,
    // Tiny shared chunks (an icon, a helper) are copied into their users rather than fetched one by
    // one: the dashboard's first load drops from 50 files to 20 (bench/README.md, Lighthouse).
    // Rolldown's shared runtime keeps one module state across the copies.
    // (The prerender build runs in Node once, where file count does not matter.)
    rolldownOptions: isSsrBuild
      ? {}
      : { output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 4096 } } } },
  },
}));
