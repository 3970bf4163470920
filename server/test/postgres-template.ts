import pg from 'pg';
import { openPostgres } from '../src/db/database';

export const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

const admin = async <T>(url: string, fn: (c: pg.Client) => Promise<T>) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};

export const createTemplateDatabase = async (url: string) => {
  const name = `hf_tpl_${process.pid}_${Date.now()}`;
  await admin(url, (c) => c.query(`create database ${name}`));
  const db = await openPostgres(withDatabase(url, name));
  await db.migrate();
  await db.close();
  return name;
};

export const cloneDatabase = async (url: string, template: string) => {
  const name = `${template.replace('hf_tpl_', 'hf_t_')}_${Math.random().toString(36).slice(2, 10)}`;
  await admin(url, (c) => c.query(`create database ${name} template ${template}`));
  return { name, url: withDatabase(url, name) };
};

export const dropDatabase = (url: string, name: string) =>
  admin(url, (c) => c.query(`drop database if exists ${name} with (force)`));

export const dropTestDatabases = (url: string, template: string) =>
  admin(url, async (c) => {
    const { rows } = await c.query<{ datname: string }>(
      `select datname from pg_database where starts_with(datname, $2) or datname = $1`,
      [template, template.replace('hf_tpl_', 'hf_t_')],
    );
    for (const r of rows) await c.query(`drop database if exists ${r.datname} with (force)`);
  });
