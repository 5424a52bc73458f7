import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDataDir, spawnAppServer, startAppServer, type AppServer } from '../support/app-server';

const environment = { SEED_DEMO: 'false' };
const password = 'lifecycle-password';

async function signUp(server: AppServer, email: string, index: number): Promise<void> {
  const response = await fetch(`${server.baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: server.baseUrl,
      'x-forwarded-for': `203.0.113.${index}`,
    },
    body: JSON.stringify({ name: `Seller ${index}`, email, password }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function canSignIn(server: AppServer, email: string, index: number): Promise<boolean> {
  const response = await fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: server.baseUrl,
      'x-forwarded-for': `203.0.114.${index}`,
    },
    body: JSON.stringify({ email, password }),
  });
  return response.status === 200;
}

describe('running Bazaar on its embedded database', () => {
  const dataDirs: string[] = [];
  const servers: AppServer[] = [];
  afterAll(async () => {
    // A failed assertion must not leave an app (and its database) running.
    await Promise.all(servers.map((server) => server.stop()));
    await Promise.all(dataDirs.map((dataDir) => rm(dataDir, { recursive: true, force: true })));
  });
  const track = (server: AppServer) => {
    servers.push(server);
    return server;
  };

  it('refuses a second process on the same data folder, survives kill -9 and keeps every row', async () => {
    const dataDir = await createDataDir();
    dataDirs.push(dataDir);
    const emails = Array.from({ length: 5 }, (_, index) => `lifecycle-${index}-${Date.now()}@example.com`);

    const first = track(await startAppServer({ dataDir, environment }));
    for (const [index, email] of emails.entries()) await signUp(first, email, index + 1);

    const second = track(await spawnAppServer({ dataDir, environment }));
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/Another Bazaar process \(pid \d+\) is already using DATA_DIR=/);
    expect((await fetch(`${first.baseUrl}/api/ready`)).status).toBe(200);

    first.process.kill('SIGKILL');
    await first.exited;

    const restarted = track(await startAppServer({ dataDir, environment }));
    for (const [index, email] of emails.entries()) {
      expect(await canSignIn(restarted, email, index + 1), email).toBe(true);
    }

    expect(await restarted.stop()).toBe(0);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'bazaar.pid'))).toBe(false);
  });

  // A clone in /root (mode 700): PostgreSQL runs as `postgres`, who cannot reach DATA_DIR.
  it.skipIf(process.getuid?.() !== 0)(
    'starts as root with DATA_DIR in a private folder, says where the data is and which address e-mails use',
    async () => {
      const privateFolder = await mkdtemp(path.join(tmpdir(), 'bazaar-private-'));
      await chmod(privateFolder, 0o700);
      dataDirs.push(privateFolder);
      const dataDir = path.join(privateFolder, 'data');
      const email = `private-${Date.now()}@example.com`;
      const verbose = { ...environment, LOG_LEVEL: 'info' };

      const first = track(await startAppServer({ dataDir, environment: verbose }));
      await signUp(first, email, 10);
      const kept = /its data is kept in (\S+) instead/.exec(first.output())?.[1];
      expect(kept, first.output()).toBeDefined();
      dataDirs.push(kept!);
      expect(first.output().match(/Links in e-mails point to /g)).toHaveLength(1);
      expect(first.output()).toContain(
        `Links in e-mails point to ${first.baseUrl}: set PUBLIC_URL to the address people open Bazaar at to change it`,
      );
      expect(await first.stop()).toBe(0);

      const restarted = track(await startAppServer({ dataDir, environment: verbose }));
      expect(restarted.output()).toContain(`its data is kept in ${kept} instead`);
      expect(await canSignIn(restarted, email, 10)).toBe(true);
      expect(await restarted.stop()).toBe(0);
    },
  );
});
