import { readFile } from 'node:fs/promises';
import { hostname } from 'node:os';
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

/** Which process on which machine left something (a marker, a temporary folder) behind. */
export interface ProcessOwner {
  host: string;
  pid: number;
}

export const thisProcess = (): ProcessOwner => ({ host: hostname(), pid: process.pid });

/** `host~pid`, for names of things this process leaves (hostnames hold no `~`). */
export const ownerTag = (owner: ProcessOwner = thisProcess()) => `${owner.host}~${owner.pid}`;

export function parseOwnerTag(tag: string): ProcessOwner | undefined {
  const match = /^([^~]+)~(\d+)$/.exec(tag);
  return match ? { host: match[1]!, pid: Number(match[2]) } : undefined;
}

/**
 * Is the owner still at work? For sweeps at start, before this process has left anything:
 * a thing carrying this process's own pid is a predecessor's (in a container the app is
 * often pid 1 every time). A process of another machine is assumed to be at work; that
 * machine sweeps its own leftovers.
 */
export async function isOwnerAtWork(owner: ProcessOwner): Promise<boolean> {
  if (owner.host !== hostname()) return true;
  return owner.pid !== process.pid && (await isBazaarProcess(owner.pid));
}
