import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../ui/page-title.ts';
import { AuthLayout } from '../layout/auth-layout.tsx';
import { NewPasswordForm } from './new-password-form.tsx';
import { RequestResetForm } from './request-reset-form.tsx';

/** /password-reset asks for a link; /password-reset?token=… (the e-mailed link) sets the new password. */
export function PasswordResetPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.passwordReset'));
  const [params] = useSearchParams();
  const token = params.get('token');
  return <AuthLayout>{token ? <NewPasswordForm token={token} /> : <RequestResetForm />}</AuthLayout>;
}
