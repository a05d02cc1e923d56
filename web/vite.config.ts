import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API runs on its own port in development; the browser still calls same-origin /api (spec §7). */
const apiProxy = { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The server renderer (`vite build --ssr`, issue 12) needs no copy of public/: the client build serves it.
    copyPublicDir: !isSsrBuild,
    // One stylesheet, linked in the page's head: a page rendered on the server must not paint before its own
    // CSS module (split CSS is only loaded with the page's code, so the home page flashed unstyled first).
    cssCodeSplit: false,
    rolldownOptions: {
      treeshake: {
        // The contract's modules only declare constants, schemas and functions. Saying so lets the bundler
        // leave out the ones a chunk does not use: the home page needs `routes`, not zod and the
        // phone-number metadata (about 56 kB gzipped) that the form pages need.
        // messages.ts is the exception: importing it installs zod's plain messages and jitless mode.
        moduleSideEffects: (id) => !id.includes('/contract/src/') || id.endsWith('/contract/src/messages.ts'),
      },
    },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
}));
