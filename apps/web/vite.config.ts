import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstPagePreloads } from './build/first-page-preloads';

const preloads = firstPagePreloads();

// In development the API runs on its own port and every call is proxied to it. Calls are
// /{Area}/{Action} with a capitalised area (plus /jwt/…), page routes are lower-case: they never collide.
const apiPattern = '^/([A-Z]|jwt/|branding/|files/|docs|health|ready|ws)';
const apiTarget = process.env.CABDESK_API ?? 'http://127.0.0.1:8443';

export default defineConfig({
  plugins: [
    react(),
    preloads.plugin,
    // The driver app must open in a car park with no signal: the service worker keeps the built app on
    // the device. Only the app's own files are cached; calls always go to the server (the driver app
    // keeps what it must send in its own queue, see docs/driver-app-web.md).
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        id: '/driver',
        name: 'Cabdesk Driver',
        short_name: 'Cabdesk',
        description: 'Jobs, journey, earnings and chat with dispatch for drivers.',
        start_url: '/driver',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#ffffff',
        theme_color: '#0b7285',
        icons: [
          { src: '/pwa-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
        navigateFallback: '/index.html',
        // Calls, files, branding and the API docs are the server's, never the cached app.
        navigateFallbackDenylist: [new RegExp(apiPattern)],
        cleanupOutdatedCaches: true,
        // The company's logos, so the app opened offline still wears its colours.
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/branding/'),
            handler: 'StaleWhileRevalidate',
            options: { cacheName: 'branding', expiration: { maxEntries: 40 } },
          },
        ],
      },
    }),
  ],
  resolve: { dedupe: ['react', 'react-dom', '@mantine/core', '@mantine/hooks'] },
  server: {
    port: 5173,
    proxy: { [apiPattern]: { target: apiTarget, ws: true } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : preloads.preloadsBeyondFirstPage(deps),
    },
  },
});
