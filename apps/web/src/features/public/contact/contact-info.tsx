import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPANY, companyAddressLine, companyEmailHref, companyPhoneHref } from '../../../config/company.ts';
import { MailIcon, MapPinIcon, PhoneIcon } from '../../../ui/icons.tsx';
import { ClockIcon } from '../shared/page-icons.tsx';
import section from '../shared/section.module.css';
import classes from './contact-page.module.css';

function InfoLine({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className={classes.infoLine}>
      <span className={classes.infoIcon} aria-hidden="true">
        {icon}
      </span>
      <div>
        <div className={classes.infoLabel}>{label}</div>
        <div className={classes.infoValue}>{children}</div>
      </div>
    </div>
  );
}

/** Phone, e-mail, the Izmir address and the working hours (spec §2: Mon-Fri 09:00-18:00, Sat 09:00-14:00, Sun closed). */
export function ContactInfo() {
  const { t } = useTranslation('contact');
  return (
    <aside className={classes.info} aria-label={t('info.title')}>
      <div className={section.card}>
        <h2 className={classes.infoTitle}>{t('info.title')}</h2>
        <InfoLine icon={<PhoneIcon size={18} />} label={t('info.phone')}>
          <a href={companyPhoneHref}>{COMPANY.phoneDisplay}</a>
        </InfoLine>
        <InfoLine icon={<MailIcon size={18} />} label={t('info.email')}>
          <a href={companyEmailHref}>{COMPANY.email}</a>
        </InfoLine>
        <InfoLine icon={<MapPinIcon size={18} />} label={t('info.address')}>
          <address className={classes.address}>{companyAddressLine}</address>
        </InfoLine>
      </div>
      <div className={section.card} data-testid="working-hours">
        <h2 className={classes.infoTitle}>
          <ClockIcon size={20} aria-hidden="true" />
          {t('info.hoursTitle')}
        </h2>
        <dl className={classes.hours}>
          <div>
            <dt>{t('info.weekdays')}</dt>
            <dd>{t('info.weekdaysHours')}</dd>
          </div>
          <div>
            <dt>{t('info.saturday')}</dt>
            <dd>{t('info.saturdayHours')}</dd>
          </div>
          <div>
            <dt>{t('info.sunday')}</dt>
            <dd data-closed>{t('info.closed')}</dd>
          </div>
        </dl>
        <p className={classes.note}>{t('info.supportNote')}</p>
      </div>
    </aside>
  );
}
