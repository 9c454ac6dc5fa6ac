import { Alert, Button, TextInput, Textarea } from '@mantine/core';
import { type FormEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../../ui/form/validate-form.ts';
import { CheckIcon } from '../../../ui/icons.tsx';
import { AlertCircleIcon } from '../../../ui/app-icons.tsx';
import { useTypedBeforeHydration } from '../../../ui/typed-before-hydration.ts';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import classes from './contact-page.module.css';
import { CONTACT_FIELDS, useContactForm } from './use-contact-form.ts';

/** Name, e-mail, phone, subject and message; name, subject and message required at browser level (spec §5). */
export function ContactForm() {
  const { t } = useTranslation('contact');
  const { values, setValue, status, fieldErrors, failure, submit } = useContactForm();
  const sending = status === 'sending';
  // the prerendered page's fields take typing before the app has arrived: the form starts from what they hold, and its
  // button waits for the app (a message sent before would post the page to itself)
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, CONTACT_FIELDS, (typed) => {
    for (const [field, value] of Object.entries(typed)) setValue(field as keyof typeof typed, value ?? '');
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <form
      ref={form}
      className={classes.form}
      onSubmit={onSubmit}
      aria-labelledby="contact-form-title"
      data-testid="contact-form"
      data-status={status}
    >
      <h2 id="contact-form-title" className={classes.formTitle}>
        {t('form.title')}
      </h2>
      <p className={classes.formSubtitle}>{t('form.subtitle')}</p>

      {status === 'success' && (
        <Alert
          color="teal"
          variant="light"
          radius="md"
          role="status"
          icon={<CheckIcon size={18} />}
          title={t('form.successTitle')}
          data-testid="contact-success"
        >
          {t('form.successText')}
        </Alert>
      )}
      {status === 'error' && (
        <Alert
          color="red"
          variant="light"
          radius="md"
          role="alert"
          icon={<AlertCircleIcon size={18} />}
          title={t('form.error')}
          data-testid="contact-error"
        >
          {failure && failure !== t('form.error') ? failure : null}
        </Alert>
      )}

      <fieldset className={classes.fields} disabled={sending}>
        <div className={classes.row}>
          <TextInput
            label={t('form.name')}
            placeholder={t('form.namePlaceholder')}
            name="name"
            autoComplete="name"
            required
            value={values.name}
            onChange={(event) => setValue('name', event.currentTarget.value)}
            error={fieldError(fieldErrors, 'name')}
          />
          <TextInput
            label={t('form.email')}
            placeholder={t('form.emailPlaceholder')}
            name="email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(event) => setValue('email', event.currentTarget.value)}
            error={fieldError(fieldErrors, 'email')}
          />
        </div>
        <div className={classes.row}>
          <TextInput
            label={t('form.phone')}
            placeholder={t('form.phonePlaceholder')}
            name="phone"
            type="tel"
            autoComplete="tel"
            value={values.phone}
            onChange={(event) => setValue('phone', event.currentTarget.value)}
            error={fieldError(fieldErrors, 'phone')}
          />
          <TextInput
            label={t('form.subject')}
            placeholder={t('form.subjectPlaceholder')}
            name="subject"
            required
            value={values.subject}
            onChange={(event) => setValue('subject', event.currentTarget.value)}
            error={fieldError(fieldErrors, 'subject')}
          />
        </div>
        <Textarea
          label={t('form.message')}
          placeholder={t('form.messagePlaceholder')}
          name="message"
          required
          rows={6}
          resize="vertical"
          value={values.message}
          onChange={(event) => setValue('message', event.currentTarget.value)}
          error={fieldError(fieldErrors, 'message')}
        />
        <div className={classes.honeypot}>
          <label htmlFor="contact-website">{t('form.honeypot')}</label>
          <input
            id="contact-website"
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={values.website}
            onChange={(event) => setValue('website', event.currentTarget.value)}
          />
        </div>
        <Button
          type="submit"
          size="md"
          radius="xl"
          loading={sending}
          disabled={!hydrated}
          className={classes.submit}
          data-testid="contact-submit"
        >
          {sending ? t('form.sending') : t('form.submit')}
        </Button>
      </fieldset>
    </form>
  );
}
