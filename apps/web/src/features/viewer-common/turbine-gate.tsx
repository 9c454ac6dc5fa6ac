import type { Turbine } from '@windscope/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { paths } from '../../app/paths.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { StatusScreen } from '../../ui/status-screen.tsx';
import './register-viewer-catalog.ts';
import { InvalidTurbineId } from './invalid-turbine-id.tsx';
import { useTurbineDetail } from './viewer-queries.ts';

export interface TurbineGateProps {
  /** the parsed route id; null when the route's id is not a number */
  turbineId: number | null;
  children: (turbine: Turbine) => ReactNode;
}

/** The viewer screens' states before the turbine is known: invalid id, loading, not found (with a link to the dashboard),
 *  any other failure (Try Again). Another company's turbine is "not found" too (DECISIONS §1). */
export function TurbineGate({ turbineId, children }: TurbineGateProps) {
  const { t } = useTranslation('viewer');
  const turbine = useTurbineDetail(turbineId);

  if (turbineId === null) return <InvalidTurbineId />;
  if (turbine.isPending) return <LoadingScreen fullScreen={false} label={t('loadingTurbine')} />;
  if (turbine.isError) {
    const notFound = isApiError(turbine.error) && (turbine.error.status === 404 || turbine.error.status === 400);
    return (
      <div data-testid={notFound ? 'turbine-not-found' : 'turbine-error'}>
        <StatusScreen
          code={notFound ? '404' : undefined}
          title={notFound ? t('notFound') : t('errorTitle')}
          message={notFound ? t('notFoundMessage') : turbine.error.message || t('loadError')}
          onRetry={notFound ? false : () => void turbine.refetch()}
          homeTo={paths.dashboard}
          homeLabel={t('backToDashboard')}
        />
      </div>
    );
  }
  return children(turbine.data);
}
