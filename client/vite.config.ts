import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development (npm run dev) the API runs on its own port and Vite proxies to it.
const apiTarget = process.env.BAZAAR_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/media': { target: apiTarget },
      // The payment popup's server-rendered pages (demo provider, return from Stripe).
      '/checkout': { target: apiTarget },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: which files each route loads first (read by the bench).
    manifest: true,
  },
});
