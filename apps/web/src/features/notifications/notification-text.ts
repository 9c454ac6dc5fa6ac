import { type Notification, turbineDisplayName } from '@windscope/contract';

type Translate = (key: 'overdue' | 'newFinding' | 'rose', values: Record<string, string | number>) => string;

/** One notification's line: a new finding at 4-5, a severity that rose, or an overdue repair. */
export function notificationText(n: Notification, t: Translate, formatDate: (iso: string) => string): string {
  const turbine = turbineDisplayName({ turbine_name: n.turbine_name, name: null, code: n.turbine_code });
  if (n.kind === 'overdue') return t('overdue', { turbine, id: n.finding_id, due: n.due_date ? formatDate(n.due_date) : '-' });
  if (n.severity_before == null) return t('newFinding', { turbine, id: n.finding_id, after: n.severity_after });
  return t('rose', { turbine, id: n.finding_id, before: n.severity_before, after: n.severity_after });
}
