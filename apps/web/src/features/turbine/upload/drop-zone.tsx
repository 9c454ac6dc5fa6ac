import { Stack, Text } from '@mantine/core';
import { type DragEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TURBINE_NS } from '../turbine-i18n.ts';
import { UploadIcon } from '../turbine-icons.tsx';
import classes from './upload.module.css';

export interface DropZoneProps {
  /** receives every chosen or dropped file; the caller filters (image/* or .pcd) */
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  /** the input's accept list */
  accept: string;
  prompt: string;
  hint?: string;
  testId?: string;
}

/** Click (or Enter/Space) opens the file picker; dragging files over highlights the zone with a drop prompt (spec §2). */
export function DropZone({ onFiles, disabled = false, accept, prompt, hint, testId }: DropZoneProps) {
  const { t } = useTranslation(TURBINE_NS);
  const input = useRef<HTMLInputElement>(null);
  const [dragDepth, setDragDepth] = useState(0);
  const hintId = useId();
  const active = dragDepth > 0 && !disabled;

  const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');
  const open = () => {
    if (!disabled) input.current?.click();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open();
    }
  };

  return (
    <div
      role="button"
      tabIndex={disabled ? -1 : 0}
      aria-disabled={disabled}
      aria-describedby={hintId}
      className={classes.dropZone}
      data-active={active || undefined}
      data-disabled={disabled || undefined}
      data-testid={testId}
      onClick={open}
      onKeyDown={onKeyDown}
      onDragEnter={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setDragDepth((depth) => depth + 1);
      }}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
      }}
      onDragLeave={() => setDragDepth((depth) => Math.max(0, depth - 1))}
      onDrop={(event) => {
        event.preventDefault();
        setDragDepth(0);
        if (!disabled) onFiles(Array.from(event.dataTransfer.files));
      }}
    >
      <Stack align="center" gap={4}>
        <UploadIcon size={26} className={classes.dropIcon} />
        <Text size="sm" fw={600} ta="center">
          {active ? t('upload.dropActive') : disabled ? t('upload.disabled') : prompt}
        </Text>
        <Text id={hintId} size="xs" c="dimmed" ta="center">
          {hint ?? t('upload.accepted')}
        </Text>
      </Stack>
      <input
        ref={input}
        type="file"
        multiple
        accept={accept}
        hidden
        disabled={disabled}
        data-testid={testId ? `${testId}-input` : undefined}
        onClick={(event) => event.stopPropagation()}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </div>
  );
}
