import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig } from '../config.js'
import { openDatabase } from '../db/client.js'
import { ensureAdmin } from '../modules/auth/index.js'

/**
 * `npm run admin:create -- --email a@b.c --name "Ada" [--role ADMIN]`; the password is read
 * from the ADMIN_PASSWORD environment variable or from standard input (never from argv,
 * which other users of the machine can see).
 */
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string', default: 'SUPER_ADMIN' },
  },
})
if (!values.email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) {
  console.error('usage: npm run admin:create -- --email <e-mail> [--name <name>] [--role SUPER_ADMIN|ADMIN]')
  process.exit(2)
}
if (values.role !== 'SUPER_ADMIN' && values.role !== 'ADMIN') {
  console.error('--role must be SUPER_ADMIN or ADMIN')
  process.exit(2)
}
let password = process.env.ADMIN_PASSWORD ?? ''
if (!password) {
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  password = Buffer.concat(chunks).toString('utf8').trim()
}
if (password.length < 6) {
  console.error('the password (ADMIN_PASSWORD or standard input) must be at least 6 characters')
  process.exit(2)
}

const config = loadConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined })
const database = await openDatabase({ url: config.databaseUrl, pgliteDir: join(config.dataDir, 'db') })
try {
  await database.migrate()
  const result = await ensureAdmin(database.db, {
    email: values.email,
    password,
    name: values.name,
    adminRole: values.role,
  })
  if (result.created) {
    console.log(`admin created: ${result.id}`)
  } else {
    console.error(`a user with e-mail ${values.email} already exists`)
    process.exitCode = 1
  }
} finally {
  await database.close()
}
