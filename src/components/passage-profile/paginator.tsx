import { type FunctionalComponent, h } from '@stencil/core';
import { type DevicePage, PAGE_SIZES } from '../../flow/profile';
import type { Translator } from '../../i18n';

export interface PaginatorProps {
  t: Translator['t'];
  page: DevicePage;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

/** Rows-per-page selector, the "1–10 of 25" position and previous / next buttons. */
export const Paginator: FunctionalComponent<PaginatorProps> = ({ t, page, pageSize, onPage, onPageSize }) => (
  <nav class="paginator" part="paginator" aria-label={t('my-passkeys')}>
    <label htmlFor="page-size">{t('rows-per-page')}</label>
    <select
      id="page-size"
      part="page-size"
      onChange={(event) => onPageSize(Number((event.target as HTMLSelectElement).value))}
    >
      {PAGE_SIZES.map((size) => (
        <option value={String(size)} selected={size === pageSize}>
          {size}
        </option>
      ))}
    </select>
    <span class="page-position" part="page-position" aria-live="polite">
      {t('showing-page-of-n', { first: page.first, last: page.last, total: page.total })}
    </span>
    {/* The two turns wrap to the next line together on a narrow profile, never one alone. */}
    <span class="page-turns">
      <button
        type="button"
        part="secondary-button"
        aria-label={t('previous-page')}
        data-page="previous"
        disabled={page.page === 0}
        onClick={() => onPage(page.page - 1)}
      >
        ‹
      </button>
      <button
        type="button"
        part="secondary-button"
        aria-label={t('next-page')}
        data-page="next"
        disabled={page.page >= page.pageCount - 1}
        onClick={() => onPage(page.page + 1)}
      >
        ›
      </button>
    </span>
  </nav>
);
