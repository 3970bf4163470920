import {
  CATEGORY_CARDS,
  categorySlug,
  DOCUMENT_CATEGORIES,
  type DocumentListQuery,
  type DocumentSort,
} from '@healthfolio/core';
import { and, asc, desc, eq, getTableColumns, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { documents } from '../../db/schema';

const { searchVector: _vector, extractedText: _text, ...tableColumns } = getTableColumns(documents);
/** A document without its extracted text (which can be long and is only searched): whether there is any. */
const listColumns = {
  ...tableColumns,
  textFound: sql<boolean>`${documents.extractedText} is not null`.as('text_found'),
};
export type DocumentRow = Omit<typeof documents.$inferSelect, 'searchVector' | 'extractedText'> & {
  textFound: boolean;
};
export type DocumentValues = Pick<
  typeof documents.$inferInsert,
  | 'title'
  | 'category'
  | 'date'
  | 'description'
  | 'fileName'
  | 'fileSize'
  | 'fileType'
  | 'storageId'
  | 'sha256'
>;

const own = (userId: string, id: string) => and(eq(documents.userId, userId), eq(documents.id, id));

/** Id, title and file name of the user's documents among `ids`. */
export const selectDocumentSummaries = (tx: Tx, userId: string, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : tx
        .select({ id: documents.id, title: documents.title, fileName: documents.fileName })
        .from(documents)
        .where(and(eq(documents.userId, userId), inArray(documents.id, ids)));

export const insertDocument = async (tx: Tx, userId: string, values: DocumentValues) => {
  const [row] = await tx
    .insert(documents)
    .values({ ...values, userId })
    .returning(listColumns);
  return row!;
};

export const selectDocument = async (
  tx: Tx,
  userId: string,
  id: string,
): Promise<DocumentRow | undefined> => {
  const [row] = await tx.select(listColumns).from(documents).where(own(userId, id));
  return row;
};

const ORDER: Record<DocumentSort, SQL[]> = {
  newest: [desc(documents.uploadedAt), desc(documents.id)],
  oldest: [asc(documents.uploadedAt), asc(documents.id)],
  'title-asc': [asc(sql`lower(${documents.title})`), desc(documents.uploadedAt)],
  'title-desc': [desc(sql`lower(${documents.title})`), desc(documents.uploadedAt)],
  category: [asc(documents.category), desc(documents.uploadedAt)],
};

const cardFilter = (card: string | undefined) => {
  if (!card) return undefined;
  const cards = CATEGORY_CARDS as readonly string[];
  if (card === 'repository') return notInArray(documents.category, [...cards]);
  const category = DOCUMENT_CATEGORIES.find((c) => categorySlug(c) === card);
  return category ? eq(documents.category, category) : sql`false`;
};

/** Words in the text read from the file (full-text), or any part of the title, description or file name. */
const searchFilter = (q: string | undefined) => {
  if (!q) return undefined;
  const like = `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  return or(
    sql`${documents.searchVector} @@ websearch_to_tsquery('english', ${q})`,
    sql`${documents.title} ilike ${like}`,
    sql`${documents.description} ilike ${like}`,
    sql`${documents.fileName} ilike ${like}`,
  );
};

export const selectDocuments = (tx: Tx, userId: string, q: DocumentListQuery) =>
  tx
    .select(listColumns)
    .from(documents)
    .where(and(eq(documents.userId, userId), cardFilter(q.card), searchFilter(q.q)))
    .orderBy(...ORDER[q.sort])
    .limit(q.limit);

export const updateDocumentRow = async (tx: Tx, userId: string, id: string, set: Partial<DocumentValues>) => {
  const [row] = await tx
    .update(documents)
    .set({ ...set, updatedAt: sql`now()` })
    .where(own(userId, id))
    .returning(listColumns);
  return row;
};

export const deleteDocumentRow = async (tx: Tx, userId: string, id: string) => {
  const [row] = await tx
    .delete(documents)
    .where(own(userId, id))
    .returning({ storageId: documents.storageId });
  return row;
};

/** The extraction job's writes (system scope: the job runs for the document's owner). */
export const setExtraction = (tx: Tx, id: string, state: string, text?: string | null) =>
  tx
    .update(documents)
    .set(
      text === undefined
        ? { extraction: state, extractionFailure: null }
        : { extraction: state, extractionFailure: null, extractedText: text },
    )
    .where(eq(documents.id, id));

/** Extraction gave up: the document says why (its file stays as it is). */
export const setExtractionFailed = (tx: Tx, id: string, failure: string) =>
  tx.update(documents).set({ extraction: 'failed', extractionFailure: failure }).where(eq(documents.id, id));
