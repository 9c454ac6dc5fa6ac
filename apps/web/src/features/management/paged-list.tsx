import { Group, Pagination, Skeleton, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { registerCatalog } from '../../i18n/register-catalog.ts';
import { EmptyNote } from '../../ui/row-actions.tsx';
import { LoadErrorBanner } from './load-error-banner.tsx';
import en from './paging.en.json';
import tr from './paging.tr.json';

// the page controls' names load with the management pages, never with the home page (its 170 KB budget)
const PAGING_NS = 'paging';
registerCatalog(PAGING_NS, { tr, en });

/** The pages of a long list, under it: shown only when there is more than one; every control named in the user's
 *  language (paging.pageControl), the whole named by `label`; `itemLabel` names the numbered buttons where a page
 *  needs it. */
export function ListPagination({
  pages,
  page,
  onChange,
  label,
  testId,
  itemLabel,
}: {
  pages: number;
  page: number;
  onChange: (page: number) => void;
  label: string;
  testId: string;
  itemLabel?: (page: number) => string;
}) {
  const { t } = useTranslation(PAGING_NS);
  if (pages <= 1) return null;
  return (
    <Group justify="center">
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onChange}
        aria-label={label}
        data-testid={testId}
        getItemProps={itemLabel ? (item) => ({ 'aria-label': itemLabel(item) }) : undefined}
        getControlProps={(control) => ({ 'aria-label': t(`pageControl.${control}`) })}
      />
    </Group>
  );
}

/** How many pages `total` rows make, `size` a page (at least one). */
export const pageCount = (total: number | undefined, size: number) => Math.max(1, Math.ceil((total ?? 0) / size));

/** One page of a server-paged list as the management pages show it: the load error with "Tekrar Dene", a placeholder
 *  while it loads, the total, the empty note or the rows (`children`), then the pages. `testIds` keep each page's
 *  own names (error, total, empty, pages). */
export function PagedList<T>({
  query,
  page,
  onPage,
  pageSize,
  text,
  testIds,
  children,
}: {
  query: UseQueryResult<{ items: T[]; total: number }>;
  page: number;
  onPage: (page: number) => void;
  pageSize: number;
  text: { loadError: string; total: (count: number) => string; empty: string; pagination: string };
  testIds: { error: string; total: string; empty: string; pages: string };
  children: (items: T[]) => ReactNode;
}) {
  const { data } = query;
  return (
    <>
      {query.isError && (
        <LoadErrorBanner
          title={text.loadError}
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          testId={testIds.error}
        />
      )}
      {query.isPending && <Skeleton height={260} radius="lg" />}
      {data && (
        <Text size="sm" c="dimmed" data-testid={testIds.total}>
          {text.total(data.total)}
        </Text>
      )}
      {data && data.items.length === 0 && <EmptyNote testId={testIds.empty}>{text.empty}</EmptyNote>}
      {data && data.items.length > 0 && children(data.items)}
      <ListPagination
        pages={pageCount(data?.total, pageSize)}
        page={page}
        onChange={onPage}
        label={text.pagination}
        testId={testIds.pages}
      />
    </>
  );
}
