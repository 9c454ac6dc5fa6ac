import { Alert, Button, Checkbox, Group, Input, Progress, SegmentedControl, Stack, Text } from '@mantine/core';
import { type Language, type ReportJob, reportJobSchema } from '@windscope/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error.ts';
import { api } from '../../../api/client.ts';
import { toast } from '../../../ui/toast/toast.tsx';
import { afterReportsChanged } from '../api/turbine-api.ts';
import { TURBINE_NS } from '../turbine-i18n.ts';
import { FileIcon } from '../turbine-icons.tsx';

const POLL_MS = 1000;
/** The generation routes (issue 17); kept here rather than in the contract's API_PATHS, which the home page loads. */
const owner = (turbineId?: number, campaignId?: number) =>
  campaignId !== undefined ? `/campaigns/${campaignId}` : `/turbines/${turbineId ?? 0}`;

/** Issue 17: "Generate report" in TR or EN, for a turbine (its Reports section) or a whole campaign (its board). The
 *  server makes it as a job; its progress is read every second until the new revision (marked generated) is there. */
export function ReportGenerate({ turbineId, campaignId }: { turbineId?: number; campaignId?: number }) {
  const { t, i18n } = useTranslation(TURBINE_NS);
  const queryClient = useQueryClient();
  const [language, setLanguage] = useState<Language>(i18n.language?.startsWith('en') ? 'en' : 'tr');
  const [jobId, setJobId] = useState<number | null>(null);
  const [newIssueDate, setNewIssueDate] = useState(false);
  /** the server's answer to the request: "being generated", or "already being generated" when it joined a running job */
  const [startAnswer, setStartAnswer] = useState<{ message: string; joined: boolean } | null>(null);

  const start = useMutation({
    mutationFn: async () =>
      api.post(
        `${owner(turbineId, campaignId)}/reports/generate`,
        { language, ...(newIssueDate ? { new_issue_date: true } : {}) },
        { schema: reportJobSchema },
      ),
    onMutate: () => setStartAnswer(null),
    onSuccess: (answer) => {
      // one job per turbine (or campaign) and language: the answer says when it is a job already there (issue 23 item 17)
      setStartAnswer({ message: answer.message ?? '', joined: (answer as { joined?: boolean }).joined === true });
      setJobId(answer.data.id);
    },
    onError: (error) => toast.error(t('reports.generate.startError'), isApiError(error) && error.status > 0 ? error.message : undefined),
  });
  const job = useQuery({
    queryKey: ['report-job', owner(turbineId, campaignId), jobId],
    enabled: jobId !== null,
    queryFn: async ({ signal }) =>
      (await api.get(`${owner(turbineId, campaignId)}/reports/jobs/${jobId ?? 0}`, { schema: reportJobSchema, signal })).data,
    refetchInterval: (query) => {
      const status = (query.state.data as ReportJob | undefined)?.status;
      return status === 'done' || status === 'failed' ? false : POLL_MS;
    },
  });
  const status = job.data?.status;
  const unchanged = status === 'done' && job.data?.unchanged_since != null;
  useEffect(() => {
    if (status === 'done') {
      // an unchanged answer is shown beside the button, not as "generated"
      if (unchanged) return;
      toast.success(t(campaignId !== undefined ? 'reports.generate.campaignDone' : 'reports.generate.done'));
      if (turbineId !== undefined) void afterReportsChanged(queryClient, turbineId);
      else void queryClient.invalidateQueries({ queryKey: ['reports'] });
    }
  }, [status, unchanged, queryClient, turbineId, campaignId, t]);

  const running = start.isPending || (jobId !== null && (status === undefined || status === 'queued' || status === 'running'));
  const progress = job.data?.progress ?? 0;
  const step = job.data?.step;
  return (
    <Stack gap="sm" data-testid="report-generate">
      <Group align="flex-end" gap="md" wrap="wrap">
        <Input.Wrapper label={t('reports.generate.language')} styles={{ label: { display: 'block' } }}>
          <SegmentedControl
            data={[
              { value: 'tr', label: t('reports.generate.tr') },
              { value: 'en', label: t('reports.generate.en') },
            ]}
            value={language}
            onChange={(value) => setLanguage(value as Language)}
            disabled={running}
            role="radiogroup"
            aria-label={t('reports.generate.language')}
            data-testid="report-generate-language"
          />
        </Input.Wrapper>
        <Button leftSection={<FileIcon size={16} />} onClick={() => start.mutate()} loading={running} data-testid="report-generate-button">
          {t('reports.generate.button')}
        </Button>
      </Group>
      <Checkbox
        label={t('reports.generate.newIssueDate')}
        description={t('reports.generate.newIssueDateHint')}
        checked={newIssueDate}
        onChange={(event) => setNewIssueDate(event.currentTarget.checked)}
        disabled={running}
        data-testid="report-generate-new-date"
      />
      <Text size="sm" c="dimmed">
        {t(campaignId !== undefined ? 'reports.generate.campaignHint' : 'reports.generate.hint')}
      </Text>
      {jobId !== null && running && startAnswer?.joined && (
        <Alert color="blue" title={t('reports.generate.runningTitle')} data-testid="report-generate-joined">
          {startAnswer.message}
        </Alert>
      )}
      {unchanged && (
        <Alert color="blue" title={t('reports.generate.unchangedTitle')} data-testid="report-generate-unchanged" role="status">
          {job.data?.unchanged_message}
        </Alert>
      )}
      {jobId !== null && running && (
        <Stack gap={4} data-testid="report-generate-progress" aria-live="polite">
          <Text size="sm">
            {t(`reports.generate.step.${step ?? 'queued'}`)} · {progress}%
          </Text>
          <Progress value={progress} size="md" radius="xl" striped animated aria-label={t('reports.generate.progressLabel')} />
        </Stack>
      )}
      {status === 'failed' && (
        <Alert color="red" title={t('reports.generate.failed')} data-testid="report-generate-error">
          {job.data?.error_message}
        </Alert>
      )}
    </Stack>
  );
}
