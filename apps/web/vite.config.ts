import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = process.env.VITE_DEV_API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // The API and its realtime socket live on one port; `ws: true` forwards the upgrade too.
    proxy: { '/api': { target: API_TARGET, changeOrigin: true, ws: true } },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    // The server reads the manifest for preload hints, and the bundle budget test measures it.
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
  },
});
