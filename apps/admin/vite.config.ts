import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { hostModules } from './host-modules.js';

// Served by the Tessera server under /admin (modules/admin-app): hashed assets cached for a year,
// index.html for every other path of the app.
export default defineConfig({
  base: '/admin/',
  plugins: [react(), hostModules()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The server checks the initial bundle's size (admin-app.int.test.ts), not Vite's warning.
    chunkSizeWarningLimit: 1000,
  },
  server: {
    // `npx vite` in apps/admin while `tessera serve` runs on 3000: the API and plugins' admin modules
    // through the dev server.
    proxy: { '/api': 'http://127.0.0.1:3000', '/admin/extensions': 'http://127.0.0.1:3000' },
  },
});
