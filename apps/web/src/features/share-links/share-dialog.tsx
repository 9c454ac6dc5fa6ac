import { Button, Checkbox, Group, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  type CreatedShareLink,
  createShareLinkBodySchema,
  FINDING_SURFACE_LABELS,
  FINDING_TYPE_LABELS,
  type Finding,
  isShareableFindingStatus,
  SHARE_LINK_DEFAULT_DAYS,
} from '@windscope/contract';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFinding, useFindings } from '../../api/findings.ts';
import { useCreateShareLink } from '../../api/share-links.ts';
import { useFormatters } from '../../i18n/format.ts';
import { FormErrorBanner } from '../../ui/form/form-error-banner.tsx';
import { useServerErrors } from '../../ui/form/use-server-errors.ts';
import { ShownOnce, ShownOnceDialog } from '../../ui/shown-once.tsx';
import { type FieldErrorCodes, fieldError, validateForm } from '../../ui/form/validate-form.ts';
import { SHARE_NS } from './i18n.ts';

/** The lifetimes offered (the server takes any 1..90 days). */
export const SHARE_EXPIRY_CHOICES = [1, 7, 14, 30, 60, 90] as const;
const FIELD_OF_CODE = {
  SHARE_LINK_FINDING_NOT_SHAREABLE: 'finding_ids',
  SHARE_LINK_FINDINGS_REQUIRED: 'finding_ids',
  SHARE_LINK_PHOTO_NOT_SHAREABLE: 'finding_ids',
};

export interface ShareTarget {
  turbineId: number;
  /** a report revision; without it, the turbine's reviewed findings are chosen in the dialog */
  report?: { id: number; name: string } | null;
}

/** "Share": label, lifetime (7 days by default, at most 90), optional password, and for findings which ones and which
 *  photos of their sightings; then the link, once, with a copy button. */
export function ShareDialog({ target, opened, onClose }: { target: ShareTarget; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(SHARE_NS);
  return (
    <ShownOnceDialog<CreatedShareLink>
      opened={opened}
      onClose={onClose}
      title={target.report ? t('dialog.titleReport') : t('dialog.titleFindings')}
      shownTitle={t('dialog.shownTitle')}
      form={(onCreated, cancel) => <ShareForm target={target} onCreated={onCreated} onCancel={cancel} />}
      shown={(link, done) => <ShownLink link={link} onDone={done} />}
    />
  );
}

function ShareForm({
  target,
  onCreated,
  onCancel,
}: {
  target: ShareTarget;
  onCreated: (l: CreatedShareLink) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(SHARE_NS);
  const { t: tc } = useTranslation();
  const [label, setLabel] = useState('');
  const [days, setDays] = useState(String(SHARE_LINK_DEFAULT_DAYS));
  const [password, setPassword] = useState('');
  const [findingIds, setFindingIds] = useState<number[]>([]);
  /** per finding, the photos left out (every photo of a chosen finding is in by default) */
  const [photosOut, setPhotosOut] = useState<Record<number, number[]>>({});
  const [photosOf, setPhotosOf] = useState<Record<number, number[]>>({});
  const [errors, setErrors] = useState<FieldErrorCodes>({});
  const create = useCreateShareLink(target.turbineId);
  const server = useServerErrors(create.error, FIELD_OF_CODE);
  const shown: FieldErrorCodes = { ...server.fields, ...Object.fromEntries(Object.entries(errors).filter(([, v]) => v)) };
  const isReport = Boolean(target.report);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const photoIds = findingIds.flatMap((id) => (photosOf[id] ?? []).filter((p) => !(photosOut[id] ?? []).includes(p)));
    const body = isReport
      ? { kind: 'report', report_id: target.report?.id, label, expires_in_days: Number(days), password: password || null }
      : {
          kind: 'findings',
          finding_ids: findingIds,
          photo_ids: [...new Set(photoIds)],
          label,
          expires_in_days: Number(days),
          password: password || null,
        };
    const checked = validateForm(createShareLinkBodySchema, body);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    if (!isReport && findingIds.length === 0) {
      setErrors({ finding_ids: 'SHARE_LINK_FINDINGS_REQUIRED' });
      return;
    }
    create.mutate(checked.data, { onSuccess: onCreated });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="share-form">
      <Stack gap="md">
        <FormErrorBanner title={t('dialog.failed')} error={server.banner} />
        {target.report && (
          <Text size="sm">
            <Text span fw={600}>
              {t('dialog.report')}:
            </Text>{' '}
            {target.report.name}
          </Text>
        )}
        <TextInput
          label={t('dialog.label')}
          placeholder={t('dialog.labelPlaceholder')}
          description={t('dialog.labelHint')}
          value={label}
          onChange={(event) => {
            setLabel(event.currentTarget.value);
            setErrors((current) => ({ ...current, label: '' }));
          }}
          error={fieldError(shown, 'label')}
          required
          maxLength={100}
          data-autofocus
          data-testid="share-label"
        />
        <Group grow align="flex-start">
          <Select
            label={t('dialog.expiry')}
            value={days}
            onChange={(value) => value && setDays(value)}
            allowDeselect={false}
            data={SHARE_EXPIRY_CHOICES.map((n) => ({ value: String(n), label: t('dialog.days', { count: n }) }))}
            error={fieldError(shown, 'expires_in_days')}
            data-testid="share-expiry"
          />
          <PasswordInput
            label={t('dialog.password')}
            description={t('dialog.passwordHint')}
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setErrors((current) => ({ ...current, password: '' }));
            }}
            error={fieldError(shown, 'password')}
            maxLength={128}
            autoComplete="new-password"
            data-testid="share-password"
          />
        </Group>
        {!isReport && (
          <FindingChooser
            turbineId={target.turbineId}
            chosen={findingIds}
            onChange={(ids) => {
              setFindingIds(ids);
              setErrors((current) => ({ ...current, finding_ids: '' }));
              server.clear(['finding_ids']);
            }}
            photosOut={photosOut}
            onPhotosOut={setPhotosOut}
            onPhotosKnown={(id, photos) =>
              setPhotosOf((current) => (sameList(current[id], photos) ? current : { ...current, [id]: photos }))
            }
            error={fieldError(shown, 'finding_ids')}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={create.isPending}>
            {tc('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} data-testid="share-submit">
            {t('dialog.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const sameList = (a: readonly number[] | undefined, b: readonly number[]) =>
  a !== undefined && a.length === b.length && a.every((x, i) => x === b[i]);

function FindingChooser({
  turbineId,
  chosen,
  onChange,
  photosOut,
  onPhotosOut,
  onPhotosKnown,
  error,
}: {
  turbineId: number;
  chosen: number[];
  onChange: (ids: number[]) => void;
  photosOut: Record<number, number[]>;
  onPhotosOut: (value: Record<number, number[]>) => void;
  onPhotosKnown: (findingId: number, photoIds: number[]) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation(SHARE_NS);
  const { language } = useFormatters();
  const findings = useFindings(turbineId);
  const shareable = useMemo(() => (findings.data ?? []).filter((f) => isShareableFindingStatus(f.status)), [findings.data]);
  const line = (f: Finding) =>
    t('dialog.findingLine', {
      id: f.id,
      type: FINDING_TYPE_LABELS[f.type][language],
      blade: f.blade,
      surface: FINDING_SURFACE_LABELS[f.surface][language],
    });
  return (
    <Stack gap="xs" data-testid="share-findings">
      <Text size="sm" fw={500}>
        {t('dialog.findings')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('dialog.findingsHint')}
      </Text>
      {findings.isSuccess && shareable.length === 0 && <Text size="sm">{t('dialog.noFindings')}</Text>}
      {shareable.map((f) => {
        const on = chosen.includes(f.id);
        return (
          <Stack key={f.id} gap={4}>
            <Checkbox
              label={line(f)}
              checked={on}
              onChange={(event) => onChange(event.currentTarget.checked ? [...chosen, f.id] : chosen.filter((id) => id !== f.id))}
              data-testid="share-finding"
            />
            {on && (
              <FindingPhotos
                turbineId={turbineId}
                findingId={f.id}
                out={photosOut[f.id] ?? []}
                onOut={(ids) => onPhotosOut({ ...photosOut, [f.id]: ids })}
                onKnown={(ids) => onPhotosKnown(f.id, ids)}
              />
            )}
          </Stack>
        );
      })}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** The photos a chosen finding was seen on: each in by default, a tick leaves one out. */
function FindingPhotos({
  turbineId,
  findingId,
  out,
  onOut,
  onKnown,
}: {
  turbineId: number;
  findingId: number;
  out: number[];
  onOut: (ids: number[]) => void;
  onKnown: (ids: number[]) => void;
}) {
  const { t } = useTranslation(SHARE_NS);
  const detail = useFinding(turbineId, findingId);
  const photos = useMemo(() => {
    const seen = new Map<number, string>();
    for (const o of detail.data?.observations ?? []) seen.set(o.photo_id, o.photo.original_name);
    return [...seen.entries()].sort((a, b) => a[0] - b[0]);
  }, [detail.data]);
  const ids = photos.map(([id]) => id).join(',');
  // the dialog needs to know them to send the chosen ones
  useEffect(() => {
    if (detail.data) onKnown(ids ? ids.split(',').map(Number) : []);
  }, [detail.data, ids, onKnown]);
  if (!detail.data) return null;
  return (
    <Stack gap={2} pl="xl" role="group" aria-label={t('dialog.photos')}>
      <Text size="xs" c="dimmed">
        {t('dialog.photos')}
      </Text>
      {photos.length === 0 && <Text size="xs">{t('dialog.noPhotos')}</Text>}
      {photos.map(([id, name]) => (
        <Checkbox
          key={id}
          size="xs"
          label={name}
          checked={!out.includes(id)}
          onChange={(event) => onOut(event.currentTarget.checked ? out.filter((x) => x !== id) : [...out, id])}
          data-testid="share-photo"
        />
      ))}
    </Stack>
  );
}

function ShownLink({ link, onDone }: { link: CreatedShareLink; onDone: () => void }) {
  const { t } = useTranslation(SHARE_NS);
  const text = {
    warning: t('dialog.shownWarning'),
    label: t('dialog.shownLabel'),
    copy: t('dialog.copy'),
    copied: t('dialog.copied'),
    done: t('dialog.done'),
  };
  return <ShownOnce value={`${window.location.origin}${link.path}`} text={text} onDone={onDone} testId="share" valueTestId="url" />;
}
