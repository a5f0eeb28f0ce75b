import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs on its own port and every call is proxied to it. Calls are
// /{Area}/{Action} with a capitalised area (plus /jwt/…), page routes are lower-case: they never collide.
const apiPattern = '^/([A-Z]|jwt/|branding/|files/|docs|health|ready|ws)';
const apiTarget = process.env.CABDESK_API ?? 'http://127.0.0.1:8443';

export default defineConfig({
  plugins: [react()],
  resolve: { dedupe: ['react', 'react-dom', '@mantine/core', '@mantine/hooks'] },
  server: {
    port: 5173,
    proxy: { [apiPattern]: { target: apiTarget, ws: true } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
  },
});
