import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Shared types and rules come straight from the contracts library's sources. */
export const alias = {
  '@facet/contracts': fileURLToPath(new URL('../../libs/contracts/src/index.ts', import.meta.url)),
};

const api = process.env.FACET_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: { alias },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    cssCodeSplit: true,
    reportCompressedSize: true,
  },
  server: { proxy: { '/api': { target: api, changeOrigin: false } } },
  preview: { proxy: { '/api': { target: api, changeOrigin: false } } },
});
