export const DOCUMENT_CATEGORIES = [
  'Lab Results',
  'Prescriptions',
  'Medical Images',
  'Insurance Cards',
  'Referrals',
  'Medical History',
  'Other',
] as const;

/** The six category cards; anything else ("Other") is an unsorted file in the repository. */
export const CATEGORY_CARDS = DOCUMENT_CATEGORIES.slice(0, 6);

/** "Lab Results" → "lab-results": how a document's category is matched to a card. */
export const categorySlug = (name: string) => name.trim().toLowerCase().replace(/\s+/g, '-');

const CARD_SLUGS = new Set(CATEGORY_CARDS.map(categorySlug));

/** The card a document belongs on, or null for the repository of unsorted files. */
export const cardOf = (category: string) => {
  const slug = categorySlug(category);
  return CARD_SLUGS.has(slug) ? slug : null;
};

export const REPOSITORY_PREVIEW = 5;
export const CARD_PREVIEW = 2;

export const DOCUMENT_SORTS = ['newest', 'oldest', 'title-asc', 'title-desc', 'category'] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];

export const DOCUMENT_SORT_LABELS: Record<DocumentSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  'title-asc': 'Title A-Z',
  'title-desc': 'Title Z-A',
  category: 'Category',
};

interface Sortable {
  title: string;
  category: string;
  uploadedAt: string;
}

const byTitle = (a: Sortable, b: Sortable) =>
  a.title.localeCompare(b.title, undefined, { sensitivity: 'base' });

/** The list's order; ties keep the newest first. */
export const sortDocuments = <T extends Sortable>(docs: readonly T[], sort: DocumentSort): T[] => {
  const newest = (a: T, b: T) => b.uploadedAt.localeCompare(a.uploadedAt);
  const compare: Record<DocumentSort, (a: T, b: T) => number> = {
    newest,
    oldest: (a, b) => -newest(a, b),
    'title-asc': (a, b) => byTitle(a, b) || newest(a, b),
    'title-desc': (a, b) => byTitle(b, a) || newest(a, b),
    category: (a, b) => a.category.localeCompare(b.category) || newest(a, b),
  };
  return [...docs].sort(compare[sort]);
};
