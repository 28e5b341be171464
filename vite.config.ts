import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import LongestFirst from './test/sequencer.ts';

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
  test: {
    // One pool for every project: on two cores a test file mostly waits (on PostgreSQL, on a server process, on
    // Chromium), so three files at a time keep both cores busy; browser files run beside API files.
    maxWorkers: 3,
    // The longest files first, across projects (test/sequencer.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/unit/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 20_000 },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['test/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/global-setup.ts'],
          // Files share the imported server modules (each still boots its own app and database): importing them
          // once per worker instead of once per file.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // A page under load (two cores, a server and Chromium) can take more than the default 1 s to show a change.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
