import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.ts';
import { operatorError } from '../lib/operator-messages.ts';
import { findingObservations, photos, reports } from '../db/schema.ts';
import { MEDIA_KINDS } from '../media/media-types.ts';
import { cloudKeyOf, previewKeyOf, thumbnailKeyOf } from '../uploads/storage-keys.ts';

/** The database part of a backup, as JSON lines (one format for PGlite and PostgreSQL, which has no pg_dump for PGlite):
 *  `{"$windscope":"database",...}`, then per table `{"$table":name,"columns":[...]}`, one `row_to_json` line per row and
 *  `{"$end":name,"rows":n}`, then `{"$sequence":name,...}` lines and `{"$done":true}`. Postgres writes and reads every
 *  value itself (row_to_json / json_populate_recordset), so timestamps, numerics, jsonb and arrays come back exactly. */
export interface DumpSummary {
  /** drizzle migrations applied to the dumped database, oldest first */
  migrations: { hash: string; createdAt: number }[];
  tables: Record<string, number>;
  /** stored files the rows refer to: originals, reports, evidence crops (required) */
  requiredKeys: string[];
  /** thumbnails and previews: copied when present (a missing one is made again after restore) */
  derivedKeys: string[];
}

type Row = Record<string, unknown>;
const rowsOf = async (db: Executor, query: SQL | string): Promise<Row[]> => {
  const result = (await db.execute(typeof query === 'string' ? sql.raw(query) : query)) as unknown as { rows: Row[] };
  return result.rows;
};
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The app's tables, parents before children (foreign keys), so a load in this order never waits on a missing row. */
export async function tablesInLoadOrder(db: Executor): Promise<string[]> {
  const tables = (
    await rowsOf(
      db,
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
    )
  ).map((r) => String(r.name));
  const edges = await rowsOf(
    db,
    `select child.relname as child, parent.relname as parent from pg_constraint k
      join pg_class child on child.oid = k.conrelid join pg_class parent on parent.oid = k.confrelid
      join pg_namespace n on n.oid = k.connamespace where k.contype = 'f' and n.nspname = 'public'`,
  );
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const e of edges) if (e.child !== e.parent) parents.get(String(e.child))?.add(String(e.parent));
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const parent of parents.get(table) ?? []) visit(parent, path);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

/** Columns a row can be given (generated columns are computed again on insert). */
export async function writableColumns(db: Executor, table: string): Promise<string[]> {
  const rows = await rowsOf(
    db,
    sql`select attname from pg_attribute where attrelid = ${ident(table)}::regclass and attnum > 0 and not attisdropped
      and attgenerated = '' order by attnum`,
  );
  return rows.map((r) => String(r.attname));
}

export async function appliedMigrations(db: Executor): Promise<{ hash: string; createdAt: number }[]> {
  const [exists] = await rowsOf(db, `select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!exists?.present) return [];
  const rows = await rowsOf(db, 'select hash, created_at from drizzle.__drizzle_migrations order by created_at');
  return rows.map((r) => ({ hash: String(r.hash), createdAt: Number(r.created_at) }));
}

/** Writes one consistent snapshot (REPEATABLE READ, READ ONLY) of every table to `file`. On PGlite the transaction
 *  holds the database for the dump's duration (seconds): the files are copied after it, outside. */
export async function dumpDatabase(db: Database, file: string, kind: string): Promise<DumpSummary> {
  const out = createWriteStream(file, { highWaterMark: 1 << 20 });
  const write = async (line: string) => {
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  };
  const summary = await db.transaction(async (tx) => {
    await tx.execute(sql.raw('set transaction isolation level repeatable read, read only'));
    const migrations = await appliedMigrations(tx);
    await write(JSON.stringify({ $windscope: 'database', format: 1, kind, migrations }));
    const tables: Record<string, number> = {};
    for (const table of await tablesInLoadOrder(tx)) {
      await write(JSON.stringify({ $table: table, columns: await writableColumns(tx, table) }));
      await tx.execute(sql.raw(`declare backup_rows no scroll cursor for select row_to_json(t)::text as j from ${ident(table)} t`));
      let count = 0;
      for (;;) {
        const batch = await rowsOf(tx, 'fetch forward 2000 from backup_rows');
        for (const row of batch) await write(String(row.j));
        count += batch.length;
        if (batch.length < 2000) break;
      }
      await tx.execute(sql.raw('close backup_rows'));
      tables[table] = count;
      await write(JSON.stringify({ $end: table, rows: count }));
    }
    const sequences = await rowsOf(
      tx,
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
    );
    for (const { name } of sequences) {
      const [state] = await rowsOf(tx, `select last_value::text as value, is_called from ${ident(String(name))}`);
      await write(JSON.stringify({ $sequence: name, value: state?.value, isCalled: state?.is_called }));
    }
    const requiredKeys: string[] = [];
    const derivedKeys: string[] = [];
    for (const p of await tx.select({ key: photos.storageKey, mime: photos.mimeType }).from(photos)) {
      requiredKeys.push(p.key);
      derivedKeys.push(thumbnailKeyOf(p.key), previewKeyOf(p.key));
      if (p.mime === MEDIA_KINDS.pcd.mime) derivedKeys.push(cloudKeyOf(p.key));
    }
    for (const r of await tx.select({ key: reports.storageKey }).from(reports)) requiredKeys.push(r.key);
    for (const o of await tx.select({ key: findingObservations.cropKey }).from(findingObservations)) if (o.key) requiredKeys.push(o.key);
    await write(JSON.stringify({ $done: true }));
    return { migrations, tables, requiredKeys, derivedKeys };
  });
  out.end();
  await once(out, 'close');
  return summary;
}

/** Loads a dump into `tx` (an empty database at the dump's migration level). Counter and version triggers stay off
 *  while the rows go in (the dump's counters are already right); foreign keys are checked as the rows arrive, parents
 *  first. Sequences continue after the restored ids. */
export async function loadDatabase(tx: Executor, file: string): Promise<Record<string, number>> {
  const tables = await tablesInLoadOrder(tx);
  for (const table of tables) await tx.execute(sql.raw(`alter table ${ident(table)} disable trigger user`));
  // rows the migrations put in (list_versions' counters) give way to the dump's
  for (const table of [...tables].reverse()) await tx.execute(sql.raw(`delete from ${ident(table)}`));
  const loaded: Record<string, number> = {};
  let current: { table: string; columns: string[]; batch: string[]; bytes: number; count: number } | null = null;
  let done = false;
  const flush = async () => {
    if (!current || current.batch.length === 0) return;
    const cols = current.columns.map(ident).join(', ');
    await tx.execute(
      sql`${sql.raw(`insert into ${ident(current.table)} (${cols}) overriding system value select ${cols} from json_populate_recordset(null::${ident(current.table)}, `)}${`[${current.batch.join(',')}]`}::json)`,
    );
    current.count += current.batch.length;
    current.batch = [];
    current.bytes = 0;
  };
  // made right before it is read: lines read while other awaits ran would be lost to the loop
  const lines = createInterface({ input: createReadStream(file, { highWaterMark: 1 << 20 }), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (line.startsWith('{"$')) {
      const meta = JSON.parse(line) as Row;
      if (typeof meta.$table === 'string') {
        if (!tables.includes(meta.$table)) throw operatorError('DUMP_UNKNOWN_TABLE', { table: meta.$table });
        const columns = meta.columns as string[];
        const here = await writableColumns(tx, meta.$table);
        if (here.join(',') !== [...columns].join(',')) throw operatorError('DUMP_COLUMNS_DIFFER', { table: meta.$table });
        current = { table: meta.$table, columns, batch: [], bytes: 0, count: 0 };
        continue;
      }
      if (typeof meta.$end === 'string') {
        await flush();
        if (!current || current.count !== meta.rows)
          throw operatorError('DUMP_ROW_COUNT', { table: meta.$end, loaded: current?.count ?? 0, expected: String(meta.rows) });
        loaded[current.table] = current.count;
        current = null;
        continue;
      }
      if (typeof meta.$sequence === 'string') {
        if (meta.value != null)
          await tx.execute(
            sql`select setval(${ident(meta.$sequence)}::regclass, ${String(meta.value)}::bigint, ${Boolean(meta.isCalled)})`,
          );
        continue;
      }
      if (meta.$done === true) done = true;
      if (!current) continue;
    }
    if (!current) throw operatorError('DUMP_MALFORMED');
    current.batch.push(line);
    current.bytes += line.length;
    if (current.batch.length >= 1000 || current.bytes >= 4 << 20) await flush();
  }
  if (!done) throw operatorError('DUMP_INCOMPLETE');
  for (const table of tables) await tx.execute(sql.raw(`alter table ${ident(table)} enable trigger user`));
  return loaded;
}
