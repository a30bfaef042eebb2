import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    // hls.js (~580 kB) is a lazy chunk loaded only by the player; nothing else comes close.
    chunkSizeWarningLimit: 600,
  },
});
