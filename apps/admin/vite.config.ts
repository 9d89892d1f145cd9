import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.FACET_API_URL ?? 'http://127.0.0.1:3000';

/** The staff console, served by the API process under /admin. */
export default defineConfig(({ command }) => {
  // A build is the same whatever NODE_ENV the shell exports (development is the API's documented default);
  // read by Vite after this function, before it decides isProduction.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    base: '/admin/',
    plugins: [react()],
    resolve: {
      alias: { '@facet/contracts': fileURLToPath(new URL('../../libs/contracts/src/index.ts', import.meta.url)) },
    },
    build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 2000 },
    server: { proxy: { '/api': { target: api, changeOrigin: false } } },
  };
});
