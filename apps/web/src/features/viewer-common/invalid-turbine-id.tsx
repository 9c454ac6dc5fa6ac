import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths.ts';
import { StatusScreen } from '../../ui/status-screen.tsx';
import './register-viewer-catalog.ts';

/** An address whose turbine id is not a number (parseTurbineId said null): the address is wrong, not the turbine gone.
 *  The same screen on the detail page and the viewers. */
export function InvalidTurbineId() {
  const { t } = useTranslation('viewer');
  return (
    <div data-testid="turbine-invalid-id">
      <StatusScreen
        title={t('invalidId')}
        message={t('invalidIdMessage')}
        onRetry={false}
        homeTo={paths.dashboard}
        homeLabel={t('backToDashboard')}
      />
    </div>
  );
}
