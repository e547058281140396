import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'

/**
 * A database of its own on the run's server, empty: not cloned from the migrated
 * template, so that what runs on it migrates it (as a first deployment does).
 */
export async function emptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const server = inject('databaseServer')
  const name = `wt_empty_${randomBytes(4).toString('hex')}`
  const query = async (sql: string) => {
    const client = new pg.Client({ connectionString: server })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }
  await query(`create database ${name}`)
  const url = new URL(server)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => query(`drop database if exists ${name} with (force)`) }
}
