import { defineConfig } from 'vitest/config';

/**
 * Journeys in a real Chromium against the built product on its own embedded PostgreSQL. Two files run
 * at once by default, each worker on a server of its own (support/global-setup.ts); E2E_WORKERS=1
 * runs them one at a time.
 */
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    // A worker keeps the support modules, playwright and the server's modules some journeys import
    // between its files: importing them again cost each file seconds. No file keeps state in them.
    isolate: false,
  },
});
