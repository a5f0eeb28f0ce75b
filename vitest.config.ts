import { defineConfig } from 'vitest/config';

/** Unit and integration tests of every workspace; end-to-end tests live in e2e/ with their own config. */
export default defineConfig({
  test: {
    // Integration tests wait on PostgreSQL most of the time: two files at once keep both cores busy
    // (the default, one worker less than the cores, ran one file at a time on the 2-core CI machine).
    maxWorkers: 2,
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
          name: 'pay-engine',
          root: './packages/pay-engine',
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
          setupFiles: ['./test/setup-file-end.ts'],
          // Files share one module graph per worker: the app's modules are imported once, not per
          // file (import was half of a file's time). Nothing keeps state across files — every file
          // has its own database and app, closed when it ends (test/setup-file-end.ts).
          isolate: false,
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
          // a form's test types into many fields; beside a server file on 2 cores it outlasts 5 s
          testTimeout: 20_000,
        },
      },
    ],
  },
});
