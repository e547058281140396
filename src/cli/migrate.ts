import { join } from 'node:path'
import { loadConfig } from '../config.js'
import { openDatabase } from '../db/client.js'

/** `npm run db:migrate`: applies the committed migrations to DATABASE_URL (or the embedded database). */
const config = loadConfig()
const database = await openDatabase({ url: config.databaseUrl, pgliteDir: join(config.dataDir, 'db') })
try {
  await database.migrate()
  console.log(`migrations applied (${database.kind})`)
} finally {
  await database.close()
}
