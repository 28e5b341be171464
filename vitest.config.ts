import { defineConfig, mergeConfig } from 'vitest/config';
import app from './vite.config.ts';
import LongestFirst from './test/sequencer.ts';

// The tests: the app's Vite settings (the `@kit` alias, React) and the suite's own, kept apart so that building the
// app never loads test code.
export default mergeConfig(
  app,
  defineConfig({
    test: {
      // On two cores a test file mostly waits (on PostgreSQL, on a server process, on Chromium, on a page settling):
      // with three files at a time the suite's processes used one core on average, so four.
      maxWorkers: 4,
      // The longest files first, across projects (test/sequencer.ts).
      sequence: { sequencer: LongestFirst },
      projects: [
        {
          extends: true,
          test: { name: 'unit', include: ['test/unit/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 60_000 },
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
            // After the unit and API files, not beside them: an API file is thousands of short round trips to its
            // in-process server, each delayed whenever Chromium holds the cores (the jobs file: 22 s alone, 202 s
            // beside browser files; the whole suite 1,200 s together, about 530 s one group after the other).
            sequence: { groupOrder: 1 },
            environment: 'node',
            // The database templates, and one Chromium the files connect to (test/e2e/shared-setup.ts).
            globalSetup: ['test/global-setup.ts', 'test/e2e/shared-setup.ts'],
            // A failed test prints what its pages were showing.
            setupFiles: ['test/e2e/on-failure.ts'],
            testTimeout: 120_000,
            hookTimeout: 300_000,
            // A page under load (two cores, a server and Chromium) can take more than the default 1 s to show a change.
            expect: { poll: { timeout: 15_000 } },
          },
        },
      ],
    },
  }),
);
