import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API runs on its own port in development; the browser still calls same-origin /api (spec §7). */
const apiProxy = { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // The contract's modules only declare constants, schemas and functions. Saying so lets the bundler
        // leave out the ones a chunk does not use: the home page needs `routes`, not zod and the
        // phone-number metadata (about 56 kB gzipped) that the form pages need.
        moduleSideEffects: (id) => !id.includes('/contract/src/'),
      },
    },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
