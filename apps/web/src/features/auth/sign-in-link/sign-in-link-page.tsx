import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../ui/page-title.ts';
import { AuthLayout } from '../layout/auth-layout.tsx';
import { SIGN_IN_LINK_NS } from './sign-in-link-i18n.ts';
import { RequestSignInLinkForm } from './request-sign-in-link-form.tsx';
import { UseSignInLink } from './use-sign-in-link.tsx';

/** /sign-in-link asks for a single-use sign-in link by e-mail (the way out of a rate-limited sign-in; ?email= fills the
 *  address in); /sign-in-link?token=… (the e-mailed link) signs in with one press. */
export function SignInLinkPage() {
  const { t } = useTranslation(SIGN_IN_LINK_NS);
  usePageTitle(t('pageTitle'));
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <AuthLayout>{token ? <UseSignInLink token={token} /> : <RequestSignInLinkForm initialEmail={params.get('email') ?? ''} />}</AuthLayout>
  );
}

/** The e-mail change confirmation page rides in this chunk: one lazy route less in the entry (the home page's budget). */
export { EmailChangePage } from '../email-change/email-change-page.tsx';

/** The first-run setup page (issue 22) rides here too, for the same reason: it is opened once in an instance's life. */
export { SetupPage } from '../../setup/setup-page.tsx';
