import { CONTACT_BUTTON_DELAY_MS } from '@windscope/contract';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { companyChatHref } from '../../../config/company.ts';
import { registerCatalog } from '../../../i18n/register-catalog.ts';
import classes from './floating-contact-button.module.css';
import en from './public.en.json';
import tr from './public.tr.json';

registerCatalog('public', { tr, en });

/** A speech bubble with a handset: the messaging-app chat (drawn here, no brand artwork). */
function ChatBubbleIcon() {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path
        d="M16 3.5C9.1 3.5 3.5 8.9 3.5 15.6c0 2.3.7 4.5 1.9 6.3L3.8 28l6.3-1.6c1.8 1 3.8 1.5 5.9 1.5 6.9 0 12.5-5.4 12.5-12.1S22.9 3.5 16 3.5z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinejoin="round"
      />
      <path
        d="M11.6 9.6c.4 0 .7 0 .9.6l1.1 2.6c.1.3 0 .6-.2.9l-.8.9c-.2.2-.2.5 0 .8.9 1.6 2.2 2.8 3.8 3.6.3.2.6.1.8-.1l1-1.2c.2-.3.5-.3.8-.2l2.5 1.2c.3.2.5.4.4.8-.2 1.4-1.5 2.4-2.9 2.3-4.5-.5-8.5-4.3-9-8.8-.1-1.4.8-2.9 2.3-3.4z"
        fill="currentColor"
      />
    </svg>
  );
}

/** Spec §2: fixed bottom-right, appears after 1 s, tooltip on hover (and keyboard focus),
 *  opens the company's messaging-app chat with the prefilled Turkish greeting in a new tab. */
export function FloatingContactButton() {
  const { t } = useTranslation('public');
  const [visible, setVisible] = useState(false);
  const [tooltipOpen, setTooltipOpen] = useState(false);
  const tooltipId = useId();

  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), CONTACT_BUTTON_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  if (!visible) return null;
  const show = () => setTooltipOpen(true);
  const hide = () => setTooltipOpen(false);
  return (
    <div className={classes.root}>
      {tooltipOpen && (
        <span role="tooltip" id={tooltipId} className={classes.tooltip}>
          {t('floatingContact.tooltip')}
        </span>
      )}
      <a
        href={companyChatHref}
        target="_blank"
        rel="noopener noreferrer"
        className={classes.button}
        aria-label={t('floatingContact.label')}
        aria-describedby={tooltipOpen ? tooltipId : undefined}
        onMouseEnter={show}
        onMouseLeave={hide}
        onFocus={show}
        onBlur={hide}
        onKeyDown={(event) => event.key === 'Escape' && hide()}
        data-testid="floating-contact"
      >
        <ChatBubbleIcon />
      </a>
    </div>
  );
}
