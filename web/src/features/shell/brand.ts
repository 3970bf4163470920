import { PRODUCT_NAME } from '@/lib/use-document-title';

export const brandFor = (diabetes: boolean) =>
  diabetes
    ? { title: `${PRODUCT_NAME} Diabetes`, subtitle: 'Smart Diabetes Management' }
    : { title: PRODUCT_NAME, subtitle: 'Personal Health Hub' };
