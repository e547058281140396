import type pg from 'pg'

/** A query runner on the earlier release's database (its PGlite, or a transaction of it). */
export interface Source {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>
}

/** Rows fetched from the source's cursor at a time, and the most sent to the target in one insert. */
const FETCH_ROWS = 200
const BATCH_ROWS = 2_000
const BATCH_BYTES = 8 * 1024 * 1024

/** The target's client as a Source, for the queries both sides answer alike. */
export function sourceOf(client: pg.Client): Source {
  return {
    query: async <T>(text: string, params?: unknown[]) => ({
      rows: (await client.query(text, params)).rows as T[],
    }),
  }
}

export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}

export function qualified(schema: string, table: string): string {
  return `${ident(schema)}.${ident(table)}`
}

const TABLES_SQL = `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = $1 and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`

/** The tables of a schema (a partitioned table once, not its partitions); none when the schema is missing. */
export async function tablesOf(db: Source, schema: string): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(TABLES_SQL, [schema])
  return rows.map((r) => r.name)
}

/** Columns of a table in order; `insertable`: without generated columns (the target's). */
export async function columnsOf(
  db: Source,
  schema: string,
  table: string,
  insertable = false,
): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select a.attname as name from pg_attribute a
      where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
      ${insertable ? "and a.attgenerated = ''" : ''}
      order by a.attnum`,
    [qualified(schema, table)],
  )
  return rows.map((r) => r.name)
}

/** The columns both sides have, in the target's order: new columns keep their defaults. */
export async function sharedColumns(source: Source, target: pg.Client, schema: string, table: string) {
  const old = new Set(await columnsOf(source, schema, table))
  return (await columnsOf(sourceOf(target), schema, table, true)).filter((c) => old.has(c))
}

/**
 * Copies a table's rows (the given columns) from the source to the target: a cursor on the
 * source, its rows as JSON text, inserted on the target in batches through
 * `json_populate_recordset` (the target's own types parse the values). Runs inside the
 * caller's transactions (a cursor needs one). Answers the number of rows.
 */
export async function copyTable(
  source: Source,
  target: pg.Client,
  schema: string,
  table: string,
  columns: string[],
): Promise<number> {
  const name = qualified(schema, table)
  const list = columns.map(ident).join(', ')
  const insert =
    `insert into ${name} (${list}) overriding system value ` +
    `select ${list} from json_populate_recordset(null::${name}, $1::json)`
  let batch: string[] = []
  let bytes = 0
  let copied = 0
  const flush = async () => {
    if (batch.length === 0) return
    await target.query(insert, [`[${batch.join(',')}]`])
    copied += batch.length
    batch = []
    bytes = 0
  }
  await source.query(
    `declare carry_over cursor for select row_to_json(t)::text as r from (select ${list} from ${name}) t`,
  )
  try {
    for (;;) {
      const { rows } = await source.query<{ r: string }>(`fetch ${FETCH_ROWS} from carry_over`)
      for (const { r } of rows) {
        batch.push(r)
        bytes += r.length
      }
      if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES || rows.length < FETCH_ROWS) await flush()
      if (rows.length < FETCH_ROWS) break
    }
  } finally {
    await source.query('close carry_over')
  }
  return copied
}

/**
 * A table's row count and an order-free checksum of its rows (the given columns, as JSON text,
 * timestamps in UTC): what both sides must agree on after the copy.
 */
export async function fingerprint(
  db: Source,
  schema: string,
  table: string,
  columns: string[],
): Promise<string> {
  const list = columns.map(ident).join(', ')
  const { rows } = await db.query<{ n: string; h: string }>(
    `select count(*)::text as n,
       coalesce(sum(('x' || left(md5(row_to_json(t)::text), 15))::bit(60)::bigint), 0)::text as h
     from (select ${list} from ${qualified(schema, table)}) t`,
  )
  return `${rows[0]?.n ?? '?'} rows, checksum ${rows[0]?.h ?? '?'}`
}

/**
 * Sequences owned by columns of the copied tables continue after the copied values (or after
 * the source's own sequence, which may have run ahead of the rows that remain).
 */
export async function advanceSequences(
  source: Source,
  target: pg.Client,
  schemas: string[],
): Promise<number> {
  const { rows } = await target.query<{ seq: string; tbl: string; col: string }>(
    `select format('%I.%I', sn.nspname, s.relname) as seq, format('%I.%I', tn.nspname, t.relname) as tbl,
        a.attname as col
      from pg_depend d
      join pg_class s on s.oid = d.objid and s.relkind = 'S'
      join pg_namespace sn on sn.oid = s.relnamespace
      join pg_class t on t.oid = d.refobjid
      join pg_namespace tn on tn.oid = t.relnamespace
      join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass
        and d.deptype in ('a', 'i') and tn.nspname = any($1)`,
    [schemas],
  )
  for (const { seq, tbl, col } of rows) {
    const max = await target.query<{ v: string | null }>(`select max(${ident(col)})::text as v from ${tbl}`)
    let value = BigInt(max.rows[0]?.v ?? '0')
    const exists = await source.query<{ e: boolean }>('select to_regclass($1) is not null as e', [seq])
    if (exists.rows[0]?.e) {
      const old = await source.query<{ v: string; called: boolean }>(
        `select last_value::text as v, is_called as called from ${seq}`,
      )
      const last = old.rows[0]
      if (last?.called && BigInt(last.v) > value) value = BigInt(last.v)
    }
    if (value > 0n)
      await target.query('select setval($1::regclass, $2::bigint, true)', [seq, value.toString()])
  }
  return rows.length
}
