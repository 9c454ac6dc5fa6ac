import { Alert, Button, Checkbox, Divider, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import {
  type CampaignBoardRow,
  type CampaignCell,
  type CampaignMethod,
  type CampaignWaiver,
  campaignWaiverBodySchema,
  turbineDisplayName,
} from '@windscope/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddWaiver, useRemoveWaiver } from '../../api/campaigns.ts';
import { useFormatters } from '../../i18n/format.ts';
import { AlertCircleIcon } from '../../ui/app-icons.tsx';
import { type FieldErrorCodes, fieldError, validateForm } from '../../ui/form/validate-form.ts';
import { toast } from '../../ui/toast/toast.tsx';
import { CAMPAIGNS_NS } from './i18n.ts';
import { useCampaignLabels } from './labels.ts';

const WHOLE = 'whole';
const cellKey = (c: CampaignCell) => `${c.blade ?? ''}:${c.room ?? ''}`;
/** an interior waiver of a whole blade (every room; room null), issue 24 item 25 */
const wholeBladeKey = (blade: string) => `${blade}:*`;

interface WaiverDialogProps {
  opened: boolean;
  onClose: () => void;
  campaignId: number;
  row: CampaignBoardRow | null;
  waivers: readonly CampaignWaiver[];
  canWaive: boolean;
}

/** A turbine's waivers: waive missing cells or a whole method with a reason (managers, superadmin); who and when of
 *  every waiver, the removed ones as history. */
export function WaiverDialog({ opened, onClose, campaignId, row, waivers, canWaive }: WaiverDialogProps) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const { t: tc } = useTranslation();
  const own = row ? waivers.filter((w) => w.turbine_id === row.turbine_id) : [];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={row ? t('waiver.title', { turbine: turbineDisplayName(row) }) : ''}
      centered
      radius="lg"
      size="lg"
      closeButtonProps={{ 'aria-label': tc('common.close') }}
    >
      {row && (
        <Stack gap="md" data-testid="waiver-dialog">
          {canWaive && <WaiverForm key={row.turbine_id} campaignId={campaignId} row={row} />}
          <WaiverList
            campaignId={campaignId}
            waivers={own.filter((w) => w.removed_at === null)}
            canWaive={canWaive}
            title={t('waiver.active')}
          />
          {own.some((w) => w.removed_at !== null) && (
            <WaiverList
              campaignId={campaignId}
              waivers={own.filter((w) => w.removed_at !== null)}
              canWaive={false}
              title={t('waiver.history')}
            />
          )}
        </Stack>
      )}
    </Modal>
  );
}

function WaiverForm({ campaignId, row }: { campaignId: number; row: CampaignBoardRow }) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const labels = useCampaignLabels();
  const add = useAddWaiver(campaignId);
  const open = row.methods.filter((m) => !m.waived);
  const firstWithMissing = open.find((m) => m.missing.length > 0) ?? open[0];
  const [method, setMethod] = useState<CampaignMethod | undefined>(firstWithMissing?.method);
  const [picked, setPicked] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrorCodes>({});
  const [failure, setFailure] = useState<Error | null>(null);
  const status = open.find((m) => m.method === method);
  if (open.length === 0 || !status) return null;
  // inside a blade, every missing room of it in one step
  const interiorBlades =
    status.method === 'interior'
      ? [...new Set(status.missing.map((c) => c.blade).filter((b): b is NonNullable<typeof b> => b !== null))]
      : [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wholeBlades = interiorBlades.filter((b) => picked.includes(wholeBladeKey(b)));
    const cells: CampaignCell[] = picked.includes(WHOLE)
      ? [{ blade: null, room: null }]
      : [
          ...wholeBlades.map((blade) => ({ blade, room: null })),
          ...status.missing.filter((c) => picked.includes(cellKey(c)) && !(c.blade !== null && wholeBlades.includes(c.blade))),
        ];
    if (cells.length === 0) {
      setErrors({ cells: 'CAMPAIGN_WAIVER_CELL_INVALID' });
      return;
    }
    const bodies = cells.map((c) => ({ turbine_id: row.turbine_id, method: status.method, blade: c.blade, room: c.room, reason }));
    for (const body of bodies) {
      const checked = validateForm(campaignWaiverBodySchema, body);
      if (!checked.ok) {
        setErrors(checked.errors);
        return;
      }
    }
    setFailure(null);
    try {
      let message: string | undefined;
      for (const body of bodies) message = (await add.mutateAsync(body)).message;
      toast.success(message ?? t('waiver.added'));
      setPicked([]);
      setReason('');
    } catch (error) {
      setFailure(error as Error);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="waiver-form">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('waiver.intro')}
        </Text>
        {failure && (
          <Alert color="red" variant="light" title={t('waiver.error')} icon={<AlertCircleIcon size={18} />} role="alert">
            {failure.message}
          </Alert>
        )}
        <Radio.Group
          label={t('waiver.method')}
          value={method}
          onChange={(v) => {
            setMethod(v as CampaignMethod);
            setPicked([]);
          }}
        >
          <Group gap="lg" mt={6}>
            {open.map((m) => (
              <Radio key={m.method} value={m.method} label={labels.method(m.method)} />
            ))}
          </Group>
        </Radio.Group>
        <Checkbox.Group
          label={t('waiver.scope')}
          value={picked}
          onChange={(v) => {
            // a whole blade's interior takes the place of its single rooms
            const blades = interiorBlades.filter((b) => v.includes(wholeBladeKey(b)));
            setPicked(
              v.includes(WHOLE) ? [WHOLE] : v.filter((key) => !blades.some((b) => key.startsWith(`${b}:`) && key !== wholeBladeKey(b))),
            );
            setErrors({});
          }}
          error={fieldError(errors, 'cells') ?? fieldError(errors, 'room') ?? fieldError(errors, 'blade')}
        >
          <Stack gap={6} mt={6}>
            <Checkbox value={WHOLE} label={t('waiver.wholeMethod')} data-testid="waive-whole" />
            {status.missing.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('waiver.noMissing')}
              </Text>
            ) : (
              // inside: per blade its whole interior, its missing rooms under it; outside: the missing cells
              <Stack gap="sm">
                {interiorBlades.map((blade) => (
                  <Stack key={blade} gap={6} data-testid="waive-blade-line">
                    <Checkbox
                      value={wholeBladeKey(blade)}
                      label={t('waiver.wholeBlade', { blade })}
                      disabled={picked.includes(WHOLE)}
                      data-testid="waive-blade"
                    />
                    <Group gap="md" pl={32}>
                      {status.missing
                        .filter((c) => c.blade === blade)
                        .map((c) => (
                          <Checkbox
                            key={cellKey(c)}
                            value={cellKey(c)}
                            label={labels.cell(c)}
                            disabled={picked.includes(WHOLE) || picked.includes(wholeBladeKey(blade))}
                            data-testid="waive-cell"
                          />
                        ))}
                    </Group>
                  </Stack>
                ))}
                {status.missing.some((c) => c.blade === null || !interiorBlades.includes(c.blade)) && (
                  <Group gap="md">
                    {status.missing
                      .filter((c) => c.blade === null || !interiorBlades.includes(c.blade))
                      .map((c) => (
                        <Checkbox
                          key={cellKey(c)}
                          value={cellKey(c)}
                          label={labels.cell(c)}
                          disabled={picked.includes(WHOLE)}
                          data-testid="waive-cell"
                        />
                      ))}
                  </Group>
                )}
              </Stack>
            )}
          </Stack>
        </Checkbox.Group>
        <Textarea
          label={t('waiver.reason')}
          placeholder={t('waiver.reasonPlaceholder')}
          withAsterisk
          rows={3}
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setErrors({});
          }}
          error={fieldError(errors, 'reason')}
          data-testid="waiver-reason"
        />
        <Group justify="flex-end">
          <Button type="submit" loading={add.isPending} data-testid="waiver-submit">
            {t('waiver.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function WaiverList({
  campaignId,
  waivers,
  canWaive,
  title,
}: {
  campaignId: number;
  waivers: readonly CampaignWaiver[];
  canWaive: boolean;
  title: string;
}) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const labels = useCampaignLabels();
  const format = useFormatters();
  const remove = useRemoveWaiver(campaignId);
  return (
    <section>
      <Divider label={title} labelPosition="left" mb="xs" />
      {waivers.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('waiver.none')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {waivers.map((w) => {
            const cell = `${labels.method(w.method)} · ${labels.cell(w, w.method)}`;
            return (
              <li key={w.id} data-testid="waiver-item" data-removed={w.removed_at !== null}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Text size="sm" fw={600}>
                      {cell}
                    </Text>
                    <Text size="sm">{w.reason}</Text>
                    <Text size="xs" c="dimmed">
                      {t('waiver.by', { name: w.created_by_name ?? t('waiver.unknownUser'), date: format.dateTime(w.created_at) })}
                    </Text>
                    {w.removed_at && (
                      <Text size="xs" c="dimmed">
                        {t('waiver.removedBy', { name: w.removed_by_name ?? t('waiver.unknownUser'), date: format.dateTime(w.removed_at) })}
                      </Text>
                    )}
                  </div>
                  {canWaive && w.removed_at === null && (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      style={{ flexShrink: 0 }}
                      loading={remove.isPending && remove.variables === w.id}
                      aria-label={t('waiver.removeLabel', { cell })}
                      onClick={() =>
                        remove.mutate(w.id, {
                          onSuccess: (answer) => toast.success(answer.message ?? t('waiver.removed')),
                          onError: (error) => toast.error(t('waiver.error'), error.message),
                        })
                      }
                    >
                      {t('waiver.remove')}
                    </Button>
                  )}
                </Group>
              </li>
            );
          })}
        </Stack>
      )}
    </section>
  );
}
