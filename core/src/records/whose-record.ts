import { z } from 'zod';

/** A person as a record names them: the name and date of birth (`YYYY-MM-DD`) it gives, if any. */
export const RecordPerson = z.object({ name: z.string().nullable(), birthDate: z.string().nullable() });
export type RecordPerson = z.infer<typeof RecordPerson>;

/** The words of a name, for comparing: lower case, accents and punctuation left out. */
const wordsOf = (name: string | null) =>
  new Set(
    (name ?? '')
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 1),
  );

/**
 * Whether a file's person is someone else than the person it is imported for: their dates of birth
 * differ (when both are known), or their names share no word ("Eve" and "Eve Everywoman" share one).
 * Nothing known on either side is no sign of anyone else.
 */
export const isOtherPerson = (file: RecordPerson | null, person: RecordPerson) => {
  if (!file) return false;
  if (file.birthDate && person.birthDate && file.birthDate !== person.birthDate) return true;
  const mine = wordsOf(person.name);
  const theirs = wordsOf(file.name);
  if (mine.size === 0 || theirs.size === 0) return false;
  return ![...theirs].some((w) => mine.has(w));
};

const dayWords = (day: string) => {
  const ms = Date.parse(`${day.slice(0, 10)}T12:00:00Z`);
  return Number.isNaN(ms)
    ? day
    : new Date(ms).toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      });
};

/** "Eve Everywoman, born May 1, 1975": whom a record names, in words. */
export const personWords = (p: RecordPerson) =>
  [p.name ?? 'someone not named', p.birthDate ? `born ${dayWords(p.birthDate)}` : null]
    .filter(Boolean)
    .join(', ');

/** What the preview and a refused import say when the file is another person's record. */
export const otherPersonWords = (file: RecordPerson, person: RecordPerson) =>
  `This file is the record of ${personWords(file)}, not of ${personWords(person)}. Its conditions, ` +
  'allergies, medications and results would be mixed into this record.';
