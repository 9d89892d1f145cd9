import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { subsetFontsPlugin } from './build/subset-fonts';

/** Shared types and rules come straight from the contracts library's sources. */
export const alias = {
  '@facet/contracts': fileURLToPath(new URL('../../libs/contracts/src/index.ts', import.meta.url)),
};

/** The chunk a third-party module of the browser build goes to (react, router), or undefined for the app's own. */
function vendorChunk(id: string): string | undefined {
  if (/[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id)) return 'react';
  if (/[\\/]node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/.test(id)) return 'router';
  return undefined;
}

const api = process.env.FACET_API_URL ?? 'http://127.0.0.1:3000';

/**
 * Two builds: the browser's (dist, with a manifest the server reads to send each page's own chunk and
 * styles) and the server renderer's (`vite build --ssr src/entry-server.tsx`: dist-server/entry-server.cjs,
 * one CommonJS file with React in its production build, which the API process requires).
 */
export default defineConfig(({ command, isSsrBuild }) => {
  // A build is the same whatever NODE_ENV the shell exports (development is the API's documented default):
  // Vite would otherwise make a development build under it, whose server renderer carries React's
  // development JSX against the production React the define below bundles, and fails every page.
  // Read by Vite after this function, before it decides isProduction.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    base: '/',
    plugins: [react(), subsetFontsPlugin(fileURLToPath(new URL('.', import.meta.url)))],
    resolve: { alias },
    define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
    ssr: isSsrBuild ? { noExternal: true, target: 'node' } : undefined,
    build: isSsrBuild
      ? {
          outDir: 'dist-server',
          emptyOutDir: true,
          target: 'node20',
          minify: false,
          copyPublicDir: false,
          rollupOptions: {
            output: { format: 'cjs', entryFileNames: 'entry-server.cjs', inlineDynamicImports: true },
          },
        }
      : {
          outDir: 'dist',
          emptyOutDir: true,
          target: 'es2022',
          cssCodeSplit: true,
          manifest: true,
          reportCompressedSize: true,
          // boot.ts: the small first script the server puts in place of the app's entry (see boot.ts).
          rollupOptions: {
            input: {
              index: fileURLToPath(new URL('index.html', import.meta.url)),
              boot: fileURLToPath(new URL('src/boot.ts', import.meta.url)),
            },
            // React and the router in chunks of their own, apart from the app's code: a browser that records
            // where the app's start-up ran (a profiler, Lighthouse's trace) re-reads the source of the one
            // script whose top level is on the stack, and that is now the app's small chunk, not 390 KB.
            output: { manualChunks: vendorChunk },
          },
        },
    server: { proxy: { '/api': { target: api, changeOrigin: false } } },
    preview: { proxy: { '/api': { target: api, changeOrigin: false } } },
  };
});
