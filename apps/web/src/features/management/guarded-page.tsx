import type { Action } from '@windscope/contract';
import type { ReactNode } from 'react';
import { AppHeader, type HeaderAction } from '../../ui/app-header/app-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { RequirePermission } from '../auth/require-permission.tsx';

/** A signed-in page that one permission opens (the contract's table; the server decides again on every route): the
 *  header with the page's title (and its actions), the document title, and the unauthorized notice for anyone else. */
export function GuardedPage({
  title,
  action,
  actions,
  children,
}: {
  title: string;
  action: Action;
  actions?: HeaderAction[];
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <>
      <AppHeader title={title} actions={actions} />
      <RequirePermission action={action} otherwise="unauthorized">
        {children}
      </RequirePermission>
    </>
  );
}
