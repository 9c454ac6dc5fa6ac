import { passwordResetRequestBodySchema } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { passwordResetRequest } from '../auth-api.ts';
import { EmailLinkRequest } from '../layout/email-link-request.tsx';

/** Spec §2/§4: form -> sending -> success (the address, spam reminder, back to sign-in, resend) or error. */
export function RequestResetForm() {
  const { t } = useTranslation();
  const copy = {
    title: t('auth.reset.title'),
    subtitle: t('auth.reset.subtitle'),
    email: t('auth.reset.email'),
    submit: t('auth.reset.submit'),
    errorTitle: t('auth.reset.errorTitle'),
    errorFallback: t('auth.reset.errorFallback'),
    backToLogin: t('auth.reset.backToLogin'),
    sentTitle: t('auth.reset.successTitle'),
    sentIntro: t('auth.reset.successIntro'),
    sentNote: t('auth.reset.successNote'),
    spamReminder: t('auth.reset.spamReminder'),
    resendHint: t('auth.reset.resendHint'),
    resend: t('auth.reset.resend'),
  };
  return <EmailLinkRequest copy={copy} schema={passwordResetRequestBodySchema} send={passwordResetRequest} testId="reset" />;
}
