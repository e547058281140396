import { main } from './warranty.js'

/** `npm run db:migrate`: `warranty migrate` from the sources. */
await main(['migrate'])
