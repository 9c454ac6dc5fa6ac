import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleIcon, PenIcon, PointerIcon, SquareIcon, TextIcon, TrashIcon, UndoIcon } from '../viewer-common/viewer-icons.tsx';
import type { LayerTool } from './annotation-layer.tsx';
import classes from './panorama-page.module.css';

const TOOL_ICONS: Record<LayerTool, ReactNode> = {
  select: <PointerIcon size={18} />,
  pen: <PenIcon size={18} />,
  circle: <CircleIcon size={18} />,
  rectangle: <SquareIcon size={18} />,
  text: <TextIcon size={18} />,
};
const TOOLS: LayerTool[] = ['pen', 'circle', 'rectangle', 'text', 'select'];

export interface AnnotationToolbarProps {
  tool: LayerTool;
  onTool: (tool: LayerTool) => void;
  count: number;
  onUndo: () => void;
  onClear: () => void;
}

export function AnnotationToolbar({ tool, onTool, count, onUndo, onClear }: AnnotationToolbarProps) {
  const { t } = useTranslation('panorama');
  return (
    <div className={classes.annotationBar} data-testid="annotation-toolbar">
      <Group gap={4} role="toolbar" aria-label={t('tools.label')} wrap="nowrap">
        {TOOLS.map((name) => (
          <Tooltip key={name} label={t(`tools.${name}`)} withinPortal={false}>
            <ActionIcon
              size="lg"
              variant={tool === name ? 'filled' : 'subtle'}
              color={tool === name ? 'red' : 'gray'}
              className={classes.barButton}
              aria-label={t(`tools.${name}`)}
              aria-pressed={tool === name}
              data-testid={`annotation-tool-${name}`}
              onClick={() => onTool(name)}
            >
              {TOOL_ICONS[name]}
            </ActionIcon>
          </Tooltip>
        ))}
        <span className={classes.barDivider} aria-hidden="true" />
        <Tooltip label={t('undo')} withinPortal={false}>
          <ActionIcon
            size="lg"
            variant="subtle"
            color="gray"
            className={classes.barButton}
            aria-label={t('undo')}
            disabled={count === 0}
            onClick={onUndo}
            data-testid="annotation-undo"
          >
            <UndoIcon size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('clear')} withinPortal={false}>
          <ActionIcon
            size="lg"
            variant="subtle"
            color="gray"
            className={classes.barButton}
            aria-label={t('clear')}
            disabled={count === 0}
            onClick={onClear}
          >
            <TrashIcon size={18} />
          </ActionIcon>
        </Tooltip>
        <Badge variant="filled" color="red" ml={4} data-testid="annotation-count">
          {t('annotationCount', { count })}
        </Badge>
      </Group>
      <Text size="xs" className={classes.barHint}>
        {t('annotationHint')}
      </Text>
    </div>
  );
}
