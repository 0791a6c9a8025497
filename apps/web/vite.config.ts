import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const MUI_CORE = new RegExp(
  `/node_modules/@mui/material/esm/(${[
    'ButtonBase/',
    'Button/',
    'IconButton/',
    'Typography/',
    'SvgIcon/',
    'utils/useSlot',
    'utils/mergeSlotProps',
    'utils/createSvgIcon',
  ].join('|')})`,
);

/** The entry, the MUI core it imports and its style sheet (see `modulePreload`). */
const ALWAYS_LOADED = /^assets\/(entry-[\w-]+\.js|mui-core-[\w-]+\.js|index-[\w-]+\.css)$/;

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
    // A lazy chunk's preload list leaves out what every page has loaded before any lazy import
    // runs — the entry, its MUI core and its CSS — instead of naming them in each of the ~100
    // lists the app carries.
    modulePreload: {
      resolveDependencies: (_file, deps) => deps.filter((dep) => !ALWAYS_LOADED.test(dep)),
    },
    rollupOptions: {
      output: {
        // Named apart from the chunks Rollup calls `index` after a package's index module.
        entryFileNames: 'assets/entry-[hash].js',
        // One chunk per language holding all its area files: the app loads only the one on screen.
        manualChunks(id) {
          const section = /\/src\/locales\/([a-z]{2})\/sections\/([^/]+)\.json$/.exec(id);
          if (section) return `locale-${section[1]}-${section[2]}`;
          const match = /\/src\/locales\/([a-z]{2})\/[^/]+\.json$/.exec(id);
          if (match) return `locale-${match[1]}`;
          // The small MUI parts nearly every screen uses travel together: thirty 1 KiB chunks
          // compress ~20% worse than one, which matters for the sign-in budget.
          if (MUI_CORE.test(id)) return 'mui-core';
          return undefined;
        },
      },
    },
  },
});
