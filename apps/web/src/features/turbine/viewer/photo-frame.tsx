import { Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Photo } from '@windscope/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TURBINE_NS } from '../turbine-i18n.ts';
import { CubeIcon } from '../turbine-icons.tsx';
import { isPointCloud } from '../upload/accept-files.ts';
import classes from './viewer.module.css';

/** A photo at viewer size (the ~1600 px preview); a .pcd point cloud cannot be shown and says why (spec §2). */
export function PhotoFrame({ photo, maxHeight }: { photo: Photo; maxHeight: string }) {
  const { t } = useTranslation(TURBINE_NS);
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  if (isPointCloud(photo.originalName)) {
    return (
      <Stack align="center" justify="center" gap="sm" className={classes.pcd} mih={240} h={maxHeight} data-testid="pcd-message">
        <ThemeIcon size={56} radius="xl" variant="light">
          <CubeIcon size={30} />
        </ThemeIcon>
        <Text fw={700}>{t('viewer.pcdTitle')}</Text>
        <Text size="sm" c="dimmed" ta="center" maw={420}>
          {t('viewer.pcdMessage')}
        </Text>
      </Stack>
    );
  }
  const src = photo.urls.preview ?? photo.urls.original;
  return (
    <div className={classes.frame} style={{ height: maxHeight }}>
      {loadedSrc !== src && <Loader className={classes.frameLoader} color="gray" type="dots" />}
      <img
        key={src}
        src={src}
        alt={photo.originalName}
        className={classes.image}
        data-loaded={loadedSrc === src || undefined}
        onLoad={() => setLoadedSrc(src)}
        onError={() => setLoadedSrc(src)}
        data-testid="viewer-image"
      />
    </div>
  );
}
