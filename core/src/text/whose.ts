/**
 * Whose record a sentence speaks of (households): the account's own ("your glucose"), or, while a
 * guardian acts for a ward, the ward's, named ("Mia’s glucose"), so a guardian never reads a child's
 * figures as theirs. The sentence still addresses the guardian. Zod-free, for light web chunks.
 */

/** "Mia’s", "James’": a person's name as the owner of what a sentence speaks of. */
export const possessive = (name: string) =>
  /s$/i.test(name.trim()) ? `${name.trim()}’` : `${name.trim()}’s`;

export interface Whose {
  /** The ward's name while acting for them; null for the account's own record. */
  name: string | null;
  /** "Your" / "Mia’s", to begin a sentence. */
  Your: string;
  /** "your" / "Mia’s". */
  your: string;
  /** The subject: "You" / "Mia", to begin a sentence. */
  You: string;
  /** The subject: "you" / "Mia". */
  you: string;
  /** The verb for the subject: `verb('have', 'has')` is "have" for you, "has" for Mia. */
  verb: (you: string, they: string) => string;
}

/** The words for whose record it is: the ward's name, or null (or blank) for the account's own. */
export const whose = (wardName: string | null | undefined): Whose => {
  const name = wardName?.trim() || null;
  if (!name) return { name: null, Your: 'Your', your: 'your', You: 'You', you: 'you', verb: (you) => you };
  const owner = possessive(name);
  return { name, Your: owner, your: owner, You: name, you: name, verb: (_, they) => they };
};

/** The account's own record. */
export const OWN_RECORD: Whose = whose(null);

/**
 * Whose record a request speaks of: while a guardian acts for `ward` (their account, by its name), the
 * household's name for them (their profile's display name, else the account's), as every screen says
 * it; without a ward, the account's own record.
 */
export const whoseFor = (ward: { name: string } | null, displayName: string | null | undefined): Whose =>
  whose(ward ? displayName?.trim() || ward.name : null);
