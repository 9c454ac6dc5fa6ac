import { Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import './register-viewer-catalog.ts';
import classes from './point-cloud.module.css';
import { CubeIcon } from './viewer-icons.tsx';

/** In place of a picture a browser cannot draw: a .pcd point cloud needs a 360° viewer (spec §2). The same state in the
 *  turbine detail viewer, the 360° viewer and the drone/operator viewers. */
export function PointCloudNotice({ height = '100%' }: { height?: string }) {
  const { t } = useTranslation('viewer');
  return (
    <Stack align="center" justify="center" gap="sm" className={classes.notice} mih={240} h={height} data-testid="pcd-message">
      <ThemeIcon size={56} radius="xl" variant="light">
        <CubeIcon size={30} />
      </ThemeIcon>
      <Text fw={700}>{t('pcdTitle')}</Text>
      <Text size="sm" ta="center" maw={420} className={classes.message}>
        {t('pcdMessage')}
      </Text>
    </Stack>
  );
}
