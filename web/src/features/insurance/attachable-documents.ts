import type { AttachedDocument } from '@healthfolio/core';
import { useDocuments } from '../documents/documents-api';

/** Where an EOB or a receipt is most likely filed: these categories are listed first. */
const FIRST = ['Insurance Cards', 'Other'];
const rank = (category: string) => {
  const i = FIRST.indexOf(category);
  return i === -1 ? FIRST.length : i;
};

/**
 * The user's documents as choices for an attachment, likeliest categories first (newest first within
 * each). The attached document is always a choice, even before the list has loaded.
 */
export function useAttachableDocuments(attached: AttachedDocument | null) {
  const query = useDocuments();
  const docs = [...(query.data ?? [])].sort((a, b) => rank(a.category) - rank(b.category));
  const options = docs.map((d) => ({
    id: d.id,
    label: `${d.title} (${d.fileName}) · ${d.category}`,
  }));
  if (attached && !options.some((o) => o.id === attached.id))
    options.unshift({ id: attached.id, label: `${attached.title} (${attached.fileName})` });
  return { options, isLoading: query.isLoading, isError: query.isLoadingError };
}
