import { PRODUCT_NAME } from '@smena/contract';
import { useEffect } from 'react';

/** Sets the browser tab title to «<title> — Smena». */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} — ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
