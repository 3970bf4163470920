import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../src/db/database';
import { createTemplateDatabase, dropTestDatabases } from './postgres-template';
import { TMP_DIR } from './tmp-dir';

/**
 * Creating and migrating a database takes seconds, so it happens once: PGlite's migrated data
 * directory is dumped to a file, and PostgreSQL gets a template database; each test file clones one.
 */
export default async function setup(project: TestProject) {
  mkdirSync(TMP_DIR, { recursive: true });
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url)
      throw new Error(
        'TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)',
      );
    const template = await createTemplateDatabase(url);
    project.provide('pgTemplate', template);
    return async () => dropTestDatabases(url, template);
  }
  const db = await openPglite({});
  await db.migrate();
  const dump = await db.client.dumpDataDir('none');
  const file = join(TMP_DIR, `pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
  }
}
