import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { site } from './src/content/site';

/**
 * The installable app (issue 25, decision 031): the web app manifest and the service worker
 * (`src/service-worker/sw.ts`, built to `/sw.js` with the precache list of the build injected). The page
 * registers it itself, in production builds only (`src/lib/service-worker.ts`).
 */
const installableApp = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/service-worker',
  filename: 'sw.ts',
  registerType: 'prompt',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  manifest: {
    id: '/dashboard',
    name: site.name,
    short_name: site.shortName,
    description: site.description,
    lang: 'en',
    dir: 'ltr',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    // The theme's oak.6 (the header's green, `<meta name="theme-color">`) and Mantine's light page colour.
    theme_color: '#2d7a48',
    background_color: '#ffffff',
    categories: ['education', 'kids'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    shortcuts: [
      {
        name: 'Staff workspace',
        short_name: 'Staff',
        description: 'Today at the center: sessions, the door and the office.',
        url: '/staff',
        icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
      },
    ],
  },
  injectManifest: {
    // The shell: the app's code and styles, the shell page, the theme script and the icons. The public
    // pages' photos and the sessions' resources are left to the network; so is the door tablet's QR decoder
    // (a .wasm, not matched).
    globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}'],
    globIgnores: ['images/**', 'resources/**', 'sw.js'],
    rollupFormat: 'iife',
  },
  devOptions: { enabled: false },
});

/** The API runs on its own port in development; the browser still calls same-origin /api (spec §7). */
const apiProxy = { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };

export default defineConfig(({ isSsrBuild }) => ({
  // The server renderer (`--ssr`) needs neither the manifest nor a service worker.
  plugins: isSsrBuild ? [react()] : [react(), installableApp],
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
