import { useEffect } from 'react';

export const PRODUCT_NAME = 'Healthfolio';

/** Sets document.title; `exact` titles are used as given, others get the product name in front. */
export const useDocumentTitle = (title: string | undefined, exact = false) => {
  useEffect(() => {
    if (!title) return;
    document.title = exact ? title : `${PRODUCT_NAME} — ${title}`;
  }, [title, exact]);
};
