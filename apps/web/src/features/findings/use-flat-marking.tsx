import { Button, Group, SegmentedControl, Text } from '@mantine/core';
import type { FlatGeometry, Photo } from '@windscope/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlatShape } from './flat-shapes.ts';
import { FlatOverlay, type OverlaySize } from './flat-overlay.tsx';
import { FINDINGS_NS } from './findings-i18n.ts';
import './findings-styles.ts';
import { useFindingMarking } from './use-finding-marking.tsx';

export interface FlatMarking {
  /** the "Mark finding" button, the shape choice and the hint; for the viewer's head */
  toolbar: ReactNode;
  /** drawn over the deep-zoom picture, moved and scaled with it */
  overlay: (size: OverlaySize) => ReactNode;
  /** true while drawing: the image must not pan */
  marking: boolean;
  /** the form and the finding drawer */
  dialogs: ReactNode;
}

/** The "mark finding" tool of a flat-photo viewer (DECISIONS §12): the findings on the photo as overlays, drawing a
 *  rectangle, ellipse, polygon or point at any zoom, then the form. */
export function useFlatMarking(turbineId: number, photo: Photo): FlatMarking {
  const { t } = useTranslation(FINDINGS_NS);
  const { mayCreate, findings, onDrawn, onOpen, dialogs } = useFindingMarking(turbineId, photo);
  const [shape, setShape] = useState<FlatShape | null>(null);
  const [chosen, setChosen] = useState<FlatShape>('rectangle');
  const hint = chosen === 'point' ? t('mark.hintPoint') : chosen === 'polygon' ? t('mark.hintPolygon') : t('mark.hintDrag');

  const toolbar = mayCreate ? (
    <Group gap="xs" wrap="wrap" data-testid="finding-toolbar">
      <Button
        size="xs"
        variant={shape ? 'filled' : 'light'}
        onClick={() => setShape(shape ? null : chosen)}
        aria-pressed={shape !== null}
        data-testid="finding-mark-toggle"
      >
        {shape ? t('mark.cancel') : t('mark.tool')}
      </Button>
      {shape && (
        <>
          <SegmentedControl
            size="xs"
            aria-label={t('mark.shape')}
            value={chosen}
            onChange={(v) => {
              setChosen(v as FlatShape);
              setShape(v as FlatShape);
            }}
            data={(['rectangle', 'ellipse', 'polygon', 'point'] as const).map((v) => ({ value: v, label: t(`mark.${v}`) }))}
            data-testid="finding-shape-choice"
          />
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        </>
      )}
    </Group>
  ) : null;

  return {
    toolbar,
    marking: shape !== null,
    overlay: (size) => (
      <FlatOverlay
        key={photo.id}
        size={size}
        findings={findings}
        marking={shape}
        onOpen={onOpen}
        onDrawn={(geometry: FlatGeometry) => {
          setShape(null);
          onDrawn(geometry);
        }}
      />
    ),
    dialogs,
  };
}
