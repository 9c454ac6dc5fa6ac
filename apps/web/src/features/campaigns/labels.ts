import { CAMPAIGN_STATES, type CampaignCell, type CampaignMethod, type CampaignState } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { CAMPAIGNS_NS } from './i18n.ts';

/** Colours of the five states (badges and the stepper): grey planned, blue captured, teal coverage, green reviewed,
 *  violet report issued. Text on them is dark/light enough in both themes (axe, 4.5:1). */
export const STATE_COLOR: Record<CampaignState, string> = {
  planned: 'gray',
  captured: 'blue',
  coverage_complete: 'teal',
  reviewed: 'green',
  report_issued: 'violet',
};

export const stateStep = (state: CampaignState) => CAMPAIGN_STATES.indexOf(state) + 1;

export function useCampaignLabels() {
  const { t } = useTranslation(CAMPAIGNS_NS);
  return {
    method: (m: CampaignMethod) => t(`methods.${m}`),
    state: (s: CampaignState) => t(`states.${s}`),
    stateHelp: (s: CampaignState) => t(`stateHelp.${s}`),
    cell: (c: CampaignCell) =>
      c.blade === null
        ? t('waiver.wholeMethod')
        : c.room === null
          ? t('waiver.blade', { blade: c.blade })
          : t('waiver.bladeRoom', { blade: c.blade, room: c.room }),
  };
}
