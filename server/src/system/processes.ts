import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function waitForProcessExit(pid: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (isProcessAlive(pid)) {
    if (Date.now() > deadline) throw new Error(`Process ${pid} did not exit within ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** Is this pid a running Bazaar (a node process), and not a pid reused by something else? */
export async function isBazaarProcess(pid: number): Promise<boolean> {
  if (!isProcessAlive(pid)) return false;
  // Where /proc exists, make sure a reused pid is not mistaken for a running Bazaar.
  const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => undefined);
  return commandLine === undefined || commandLine.includes('node');
}
