import { useEffect } from 'react';

/**
 * Sets the document's title while the screen is shown (WCAG 2.4.2); the titles come from
 * @otaku/shared (PAGE_TITLES), where the server takes those of the SSR pages it sends.
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
