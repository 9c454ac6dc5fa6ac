import { Box } from '@mantine/core';
import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { isApiError } from '../api/api-error.ts';
import { SESSION_KEYS } from '../config/storage-keys.ts';
import { Logo } from '../ui/logo.tsx';
import { ConnectionErrorPage, NotFoundPage, ServerErrorPage, UnauthorizedPage } from './error-pages.tsx';
import { paths } from './paths.ts';

const CHUNK_LOAD_FAILURE = /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_FAILURE.test(error.message);
}

/** After a deploy, old chunk names are gone: reload once to fetch the new index. */
function reloadOnceForNewVersion(): boolean {
  try {
    if (window.sessionStorage.getItem(SESSION_KEYS.chunkReload)) return false;
    window.sessionStorage.setItem(SESSION_KEYS.chunkReload, '1');
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

function ErrorContent({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFoundPage />;
    if (error.status === 401 || error.status === 403) return <UnauthorizedPage />;
  }
  if (isApiError(error)) {
    if (error.status === 404) return <NotFoundPage />;
    if (error.status === 403) return <UnauthorizedPage />;
    if (error.isConnectionProblem) return <ConnectionErrorPage />;
  }
  return <ServerErrorPage />;
}

/** Our own router error screen: the library's "Unexpected Application Error!" never shows. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  useEffect(() => {
    if (isChunkLoadError(error) && reloadOnceForNewVersion()) return;
    console.error(error);
  }, [error]);
  return (
    <Box component="main" mih="100dvh">
      <Box px="xl" py="md">
        <Link to={paths.home} style={{ textDecoration: 'none', color: 'inherit', display: 'inline-block' }}>
          <Logo size={30} />
        </Link>
      </Box>
      <ErrorContent error={error} />
    </Box>
  );
}
