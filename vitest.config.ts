import { defineConfig } from 'vitest/config';

/** Unit and integration tests of every workspace; end-to-end tests live in e2e/ with their own config. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['test/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'money',
          root: './packages/money',
          include: ['test/**/*.test.ts'],
          // property tests run hundreds of cases: room for a busy machine
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'fare-engine',
          root: './packages/fare-engine',
          include: ['test/**/*.test.ts'],
          // property tests run hundreds of cases: room for a busy machine
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'scripts',
          root: './scripts',
          include: ['**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { NODE_ENV: 'test' },
        },
      },
      {
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./test/jsdom-setup.ts'],
        },
      },
    ],
  },
});
