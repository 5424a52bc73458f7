// `npm run dev`: the API with reload on change (tsx watch) and the web client with hot
// module replacement (Vite), which proxies /api and /media to the API.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const apiPort = process.env.PORT ?? '3000';
const clientUrl = 'http://localhost:5173';

const processes = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'development', PUBLIC_URL: clientUrl, ...process.env, PORT: apiPort },
  }),
  spawn('npx', ['vite', '--port', '5173', '--strictPort'], {
    cwd: path.join(root, 'client'),
    stdio: 'inherit',
    env: { ...process.env, BAZAAR_API_URL: `http://localhost:${apiPort}` },
  }),
];
console.log(`\nBazaar development: open ${clientUrl} (API on port ${apiPort})\n`);

let stopping = false;
function stopAll(signal) {
  if (stopping) return;
  stopping = true;
  for (const child of processes) child.kill(signal);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
for (const child of processes) {
  child.on('exit', (code) => {
    stopAll('SIGTERM');
    process.exitCode = code ?? 1;
  });
}
