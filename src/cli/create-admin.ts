import { main } from './warranty.js'

/** `npm run admin:create -- --email a@b.c --name "Ada" [--role ADMIN]`: `warranty create-admin` from the sources. */
await main(['create-admin', ...process.argv.slice(2)])
