import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Each file gets its own database; starting the app and hashing passwords take a moment.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
