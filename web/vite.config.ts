import { svelte } from '@sveltejs/vite-plugin-svelte'
import { defineConfig } from 'vite'

// The customer web app: built into web/dist by `npm run build`, served by the service
// (src/modules/webapp). Hashed file names under assets/ are cached for a year.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [svelte()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    // Sizes are measured by npm run bench:web; computing them here only slows `npm start`.
    reportCompressedSize: false,
  },
})
