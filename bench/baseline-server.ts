import Fastify from 'fastify'

// The bare baseline: Fastify answering a constant JSON object, nothing else.
const app = Fastify({ logger: false })
app.get('/', async () => ({ hello: 'world' }))
// The same with a large JSON body parsed (bench:receipts' uploads): the cost of the bytes alone.
app.post('/upload', { bodyLimit: 6 * 1024 * 1024 }, async () => ({ received: true }))
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) })
const address = app.server.address()
if (address && typeof address === 'object') console.log(`LISTENING ${address.port}`)
