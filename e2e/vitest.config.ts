import { defineConfig } from 'vitest/config';

// `npm run test:e2e`: journeys in Chromium against the production build (`npm start`'s path).
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    // One app and one browser at a time: the machine has two cores.
    fileParallelism: false,
    // A journey takes 2–10 s on a quiet machine; the bound only stops a hang, and a loaded
    // machine runs the longest ones (moderation, reused photos) 6–10 times slower.
    testTimeout: 120_000,
    // In CI a journey that fails is run once more (Playwright's own CI default retries too), so
    // one slow moment of a shared machine does not sink the run; a real defect fails twice.
    // Vitest marks such a pass "retry x1" in the report, where a flaky journey stays visible.
    retry: process.env.CI ? 1 : 0,
    hookTimeout: 120_000,
    // What a journey waits for with expect.poll (a button enabled once the session is known,
    // say) takes well under a second on a quiet machine; vitest's default bound of 1 s failed
    // two journeys on a loaded one, where Playwright's own waits allow 30 s.
    expect: { poll: { timeout: 10_000 } },
  },
});
