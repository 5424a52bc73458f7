import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { createConfirmedAdmin, E2E_ADMIN_EMAIL } from './admin-email';
import { startAppServer } from './app-server';
import { findChromium } from './chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** Empty when no Chromium is installed: the journeys are then skipped. */
    chromiumPath: string;
  }
}

export default async function setup(project: TestProject) {
  const chromiumPath = findChromium() ?? '';
  if (!chromiumPath) {
    const reason = 'No Chromium found (set CHROME_PATH or install the chromium package)';
    if (process.env.CI === 'true') throw new Error(`${reason}; end-to-end tests cannot be skipped in CI.`);
    console.warn(`\n⚠ End-to-end tests skipped: ${reason}.\n`);
  }
  const server = await startAppServer({ environment: { ADMIN_EMAILS: E2E_ADMIN_EMAIL } });
  try {
    await createConfirmedAdmin(server.baseUrl, server.dataDir);
  } catch (error) {
    await server.stop();
    throw error;
  }
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  project.provide('chromiumPath', chromiumPath);
  return async () => {
    await server.stop();
    await rm(server.dataDir, { recursive: true, force: true });
  };
}
