import { Badge, Button, Card, Group, Input, SegmentedControl, Select, Stack, Text, ThemeIcon } from '@mantine/core';
import { type Blade, BLADES, type Photo, type PhotoCategory, yearChoices } from '@windscope/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TURBINE_NS } from '../turbine-i18n.ts';
import { DroneIcon, HardHatIcon, RobotIcon } from '../turbine-icons.tsx';
import { useKeptTarget, zoneKey } from '../upload/kept-selection.ts';
import { UploadZone } from '../upload/upload-zone.tsx';
import { usePhotoUpload } from '../upload/use-photo-upload.ts';
import { CATEGORY_META } from './category-meta.ts';

const ICONS = { drone: DroneIcon, operator: HardHatIcon, robot: RobotIcon } as const;

export interface CategoryPanelProps {
  turbineId: number;
  category: PhotoCategory;
  photos: readonly Photo[];
  existingNames: ReadonlySet<string>;
}

/** Spec §2 items 3-5: drone, operator or robot photos with year and blade selectors, an upload zone and the view button. */
export function CategoryPanel({ turbineId, category, photos, existingNames }: CategoryPanelProps) {
  const { t } = useTranslation(TURBINE_NS);
  const years = useMemo(() => yearChoices(), []);
  const kept = useKeptTarget([zoneKey(turbineId, { kind: 'category', category })]);
  const [year, setYear] = useState(kept?.year ?? years[0] ?? new Date().getFullYear());
  const [blade, setBlade] = useState<Blade>(kept?.blade ?? 'A');
  const upload = usePhotoUpload(turbineId, { kind: 'category', category, blade, year }, existingNames);
  const meta = CATEGORY_META[category];
  const Icon = ICONS[category];
  const count = useMemo(() => photos.filter((p) => p.category === category).length, [photos, category]);
  return (
    <Card withBorder radius="md" padding="md" data-testid={`category-panel-${category}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <ThemeIcon variant="light" color={meta.color} radius="md">
              <Icon size={18} />
            </ThemeIcon>
            <Text fw={700}>{t(`categories.${category}.title`)}</Text>
          </Group>
          <Badge variant="light" color={meta.color} tt="none">
            {t('gallery.count', { count })}
          </Badge>
        </Group>
        <Group grow gap="sm" align="flex-end">
          <Select
            label={t('categories.year')}
            data={years.map((y) => String(y))}
            value={String(year)}
            onChange={(value) => value && setYear(Number(value))}
            allowDeselect={false}
            disabled={upload.uploading}
            data-testid={`category-year-${category}`}
          />
          <Input.Wrapper label={t('categories.blade')}>
            <SegmentedControl
              data={BLADES.map((b) => ({ value: b, label: b }))}
              value={blade}
              onChange={(value) => setBlade(value as Blade)}
              disabled={upload.uploading}
              color={meta.color}
              // a div of radio buttons: the group role lets it carry its name (aria-prohibited-attr otherwise)
              role="radiogroup"
              aria-label={t('categories.blade')}
              data-testid={`category-blade-${category}`}
              fullWidth
            />
          </Input.Wrapper>
        </Group>
        <UploadZone state={upload} testId={`upload-${category}`} color={meta.color} />
        {meta.route && (
          <Button component={Link} to={meta.route(turbineId)} variant="light" color={meta.color} data-testid={`view-${category}`}>
            {t('categories.view')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
