import { passwordResetRequestBodySchema } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { passwordResetRequest } from '../auth-api.ts';
import { EmailLinkRequest } from '../layout/email-link-request.tsx';
import { AUTH_PAGES_NS } from '../layout/auth-pages-i18n.ts';

/** Spec §2/§4: form -> sending -> success (the address, spam reminder, back to sign-in, resend) or error. */
export function RequestResetForm() {
  const { t } = useTranslation(['translation', AUTH_PAGES_NS]);
  const copy = {
    title: t('authPages:reset.title'),
    subtitle: t('authPages:reset.subtitle'),
    email: t('authPages:reset.email'),
    submit: t('authPages:reset.submit'),
    errorTitle: t('authPages:reset.errorTitle'),
    errorFallback: t('authPages:reset.errorFallback'),
    backToLogin: t('authPages:reset.backToLogin'),
    sentTitle: t('authPages:reset.successTitle'),
    sentIntro: t('authPages:reset.successIntro'),
    sentNote: t('authPages:reset.successNote'),
    spamReminder: t('authPages:reset.spamReminder'),
    resendHint: t('authPages:reset.resendHint'),
    resend: t('authPages:reset.resend'),
  };
  return <EmailLinkRequest copy={copy} schema={passwordResetRequestBodySchema} send={passwordResetRequest} testId="reset" />;
}
