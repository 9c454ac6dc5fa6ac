import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import type { LoginBody } from '@windscope/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { type FieldErrorCodes, fieldError } from '../../../ui/form/validate-form.ts';
import { useTypedBeforeHydration } from '../../../ui/typed-before-hydration.ts';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import { FormError } from '../layout/form-error.tsx';
import { SIGN_IN_LINK_NS } from '../sign-in-link/sign-in-link-i18n.ts';
import { isRateLimited, loginErrorMessage } from './login-error.ts';
import { AUTH_PAGES_NS } from '../layout/auth-pages-i18n.ts';

/** Validation (zod and the contract's schemas), the request and the session store: ~100 KB of script the screen does not
 *  need to be drawn. Fetched when the visitor shows the intent to sign in (a field focused, or typed into before the app
 *  arrived), or at the submit: not while the page is still settling, where its evaluation is a long task (on a phone:
 *  ~230 ms at Lighthouse's 4x slower CPU) in the way of the first taps. */
const loadSignIn = () => import('./sign-in.ts');
/** The same, asked for ahead of the submit; a failed fetch here is tried again at submit, where its error shows. */
const preloadSignIn = () => void loadSignIn().catch(() => undefined);

/** E-mail and password, both required; on success the session is stored and `onSignedIn` decides where to go. */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation(['translation', AUTH_PAGES_NS]);
  const { t: tLink } = useTranslation(SIGN_IN_LINK_NS);
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrorCodes>({});
  // the prerendered page's fields take typing before the app has arrived: the form starts from what they hold, and its
  // button waits for the app (a submit before would post the page to itself)
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, ['email', 'password'], (typed) => {
    setValues((v) => ({ ...v, ...typed }));
    // typed before the app arrived: a submit is near
    preloadSignIn();
  });
  const login = useMutation({
    mutationFn: async (body: LoginBody) => {
      const signIn = await loadSignIn();
      return { answer: await signIn.loginRequest(body), signIn };
    },
    onSuccess: ({ answer: { token, user }, signIn }) => {
      signIn.startSession(queryClient, token, user);
      onSignedIn();
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const signIn = await loadSignIn().catch(() => null);
    if (!signIn) {
      // the script could not be fetched (connection lost): the request tries once more and its failure shows as a
      // failed sign-in
      login.mutate(values);
      return;
    }
    const checked = signIn.validateLogin(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    login.mutate(checked.data);
  };

  return (
    <form
      ref={form}
      onSubmit={(event) => void submit(event)}
      // a field in use: the submit is near, so the sign-in module is asked for now
      onFocus={preloadSignIn}
      noValidate
      aria-label={t('authPages:login.title')}
    >
      <Stack gap="md">
        {login.isError && (
          <FormError title={t('authPages:login.errorTitle')}>
            {isRateLimited(login.error) ? (
              // the way out of a rate-limited sign-in: a single-use link by e-mail
              <Stack gap={6} align="flex-start">
                <span>{loginErrorMessage(login.error, t)}</span>
                <Text size="sm">{tLink('offer')}</Text>
                <Anchor
                  component={Link}
                  to={`${paths.signInLink}?${new URLSearchParams({ email: values.email.trim() }).toString()}`}
                  size="sm"
                  fw={600}
                  c="var(--mantine-color-text)"
                  underline="always"
                >
                  {tLink('offerLink')}
                </Anchor>
              </Stack>
            ) : (
              loginErrorMessage(login.error, t)
            )}
          </FormError>
        )}
        <TextInput
          label={t('authPages:login.email')}
          placeholder={t('authPages:login.emailPlaceholder')}
          type="email"
          name="email"
          autoComplete="username"
          required
          value={values.email}
          onChange={(event) => {
            const email = event.currentTarget.value;
            setValues((v) => ({ ...v, email }));
          }}
          error={fieldError(errors, 'email')}
          size="md"
        />
        <PasswordInput
          label={t('authPages:login.password')}
          placeholder={t('authPages:login.passwordPlaceholder')}
          name="password"
          autoComplete="current-password"
          visibilityToggleButtonProps={{ disabled: !hydrated }}
          required
          value={values.password}
          onChange={(event) => {
            const password = event.currentTarget.value;
            setValues((v) => ({ ...v, password }));
          }}
          error={fieldError(errors, 'password')}
          size="md"
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to={paths.passwordReset} size="sm" fw={600}>
            {t('authPages:login.forgotPassword')}
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={login.isPending} disabled={!hydrated}>
          {t('authPages:login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
