import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: { outDir: 'dist', sourcemap: true },
  server: {
    // `npm run dev` serves the SPA with hot reload and sends the Supabase paths to a running server/.
    proxy: Object.fromEntries(
      ['/auth', '/rest', '/realtime', '/storage', '/config.js', '/_mail'].map((prefix) => [
        prefix,
        { target: process.env.API_URL ?? 'http://localhost:54321', ws: prefix === '/realtime' },
      ]),
    ),
  },
});
