import Fastify from 'fastify'
import pg from 'pg'

// The bare baseline: Fastify answering a constant JSON object, nothing else.
const app = Fastify({ logger: false })
app.get('/', async () => ({ hello: 'world' }))
// The same with a large JSON body parsed (bench:receipts' uploads): the cost of the bytes alone.
app.post('/upload', { bodyLimit: 6 * 1024 * 1024 }, async () => ({ received: true }))

// The yardsticks of a database-backed route (issue 16), with BASE_DATABASE_URL: the least a
// handler touching PostgreSQL can do. base-read: one prepared primary-key SELECT through `pg`
// (pool of 10). base-write: one INSERT in its own transaction (a durable commit per request).
const databaseUrl = process.env.BASE_DATABASE_URL
if (databaseUrl) {
  const ROWS = 10_000
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
  await pool.query(
    `create table if not exists bench_base (id integer primary key, name text not null, created_at timestamptz not null default now());
     create table if not exists bench_base_writes (id bigserial primary key, name text not null, created_at timestamptz not null default now());
     insert into bench_base (id, name) select i, 'row ' || i from generate_series(1, ${ROWS}) i on conflict do nothing`,
  )
  app.get('/base-read', async (_request, reply) => {
    const id = 1 + Math.floor(Math.random() * ROWS)
    const { rows } = await pool.query({
      name: 'base_read',
      text: 'select id, name, created_at from bench_base where id = $1',
      values: [id],
    })
    if (!rows[0]) return reply.code(404).send({ error: 'not_found' })
    return rows[0]
  })
  app.post('/base-write', async () => {
    const { rows } = await pool.query({
      name: 'base_write',
      text: 'insert into bench_base_writes (name) values ($1) returning id, created_at',
      values: [`w-${Math.random()}`],
    })
    return rows[0]
  })
  app.addHook('onClose', () => pool.end())
}

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) })
const address = app.server.address()
if (address && typeof address === 'object') console.log(`LISTENING ${address.port}`)
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void app.close())
