import { defineConfig } from 'vitest/config';

/** Journeys in a real Chromium against the built product on its own embedded PostgreSQL. */
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
