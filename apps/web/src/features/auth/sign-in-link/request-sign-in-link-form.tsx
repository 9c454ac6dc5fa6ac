import { signInLinkRequestBodySchema } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { signInLinkRequest } from '../auth-api.ts';
import { EmailLinkRequest } from '../layout/email-link-request.tsx';
import { SIGN_IN_LINK_NS } from './sign-in-link-i18n.ts';

/** Form -> sending -> "check your e-mail" (the address, spam reminder, back to sign-in, resend) or the server's error. */
export function RequestSignInLinkForm({ initialEmail }: { initialEmail: string }) {
  const { t } = useTranslation(SIGN_IN_LINK_NS);
  const copy = {
    title: t('request.title'),
    subtitle: t('request.subtitle'),
    email: t('request.email'),
    submit: t('request.submit'),
    errorTitle: t('request.errorTitle'),
    errorFallback: t('request.errorFallback'),
    backToLogin: t('backToLogin'),
    sentTitle: t('sent.title'),
    sentIntro: t('sent.intro'),
    sentNote: t('sent.note'),
    spamReminder: t('sent.spamReminder'),
    resendHint: t('sent.resendHint'),
    resend: t('sent.resend'),
  };
  return (
    <EmailLinkRequest
      copy={copy}
      schema={signInLinkRequestBodySchema}
      send={signInLinkRequest}
      initialEmail={initialEmail}
      testId="sign-in-link"
    />
  );
}
