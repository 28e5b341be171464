import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// The UI talks to `VITE_API_BASE` (default `/api`, served by our own server on the same port); point it at an
// upstream mall admin service at build time to drive that instead.
export default defineConfig({
  plugins: [react()],
  // Generated screens import the admin kit as `@kit` (generated/ sits outside src/).
  resolve: { alias: { '@kit': fileURLToPath(new URL('./src/admin/kit/index.ts', import.meta.url)) } },
  root: '.',
  build: {
    outDir: 'dist/admin',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    // Every screen is lazy: what ten or more of them share (react-admin's list, form and input parts, the kit) is one
    // chunk, instead of the dozens of small chunks each combination of screens would make (each file compresses
    // apart: 86 files and 483 KiB gzip for the login and the product list, against 9 files and 434 KiB). What the
    // entry (main.tsx) itself imports stays out of that chunk: the entry would otherwise wait for all of it, fetched
    // and run, before asking for the app and the dictionary.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'start', tags: ['$initial'], priority: 1 },
            { name: 'common', minShareCount: 10 },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
