import { useEffect } from 'react';
import { portfolio } from '../content/portfolio';

/** The tab's title names the page, then the site: "Sign in · Alex Rivera". */
export function usePageTitle(page: string) {
  useEffect(() => {
    document.title = `${page} · ${portfolio.name}`;
  }, [page]);
}
