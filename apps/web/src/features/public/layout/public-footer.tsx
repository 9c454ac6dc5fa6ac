import { Box, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { COMPANY, companyAddressLine, companyEmailHref, companyPhoneHref } from '../../../config/company.ts';
import { MailIcon, MapPinIcon, PhoneIcon, ShieldCheckIcon } from '../../../ui/icons.tsx';
import { Logo } from '../../../ui/logo.tsx';
import classes from './public-footer.module.css';
import { FOOTER_LINKS } from './public-nav.ts';

function ContactLine({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Box className={classes.contactIcon} aria-hidden="true">
        {icon}
      </Box>
      <Stack gap={0}>
        <span className={`${classes.xs} ${classes.muted}`}>{label}</span>
        <div className={classes.sm}>{children}</div>
      </Stack>
    </Group>
  );
}

/** Spec §2 and §1: about, contact, support, FAQ and privacy links; e-mail, phone, the Izmir address; the security text. */
export function PublicFooter() {
  const { t } = useTranslation();
  return (
    <Box component="footer" className={classes.footer}>
      <div className={classes.container}>
        <div className={classes.columns}>
          <Stack gap="md" maw={360}>
            <Logo size={32} inverted />
            <p className={`${classes.sm} ${classes.muted}`}>{t('footer.description')}</p>
            <Group gap="xs" wrap="nowrap" className={classes.security}>
              <ShieldCheckIcon size={18} />
              <p className={classes.sm}>{t('footer.security')}</p>
            </Group>
          </Stack>
          <Stack gap="sm" component="nav" aria-label={t('footer.linksTitle')}>
            <p className={`${classes.sm} ${classes.heading}`}>{t('footer.linksTitle')}</p>
            {FOOTER_LINKS.map((link) => (
              <Link key={link.to} to={link.to} className={`${classes.link} ${classes.navLink}`}>
                {t(link.label)}
              </Link>
            ))}
          </Stack>
          <Stack gap="md">
            <p className={`${classes.sm} ${classes.heading}`}>{t('footer.contactTitle')}</p>
            <ContactLine icon={<MailIcon size={16} />} label={t('footer.emailLabel')}>
              <a href={companyEmailHref} className={classes.link}>
                {COMPANY.email}
              </a>
            </ContactLine>
            <ContactLine icon={<PhoneIcon size={16} />} label={t('footer.phoneLabel')}>
              <a href={companyPhoneHref} className={classes.link}>
                {COMPANY.phoneDisplay}
              </a>
            </ContactLine>
            <ContactLine icon={<MapPinIcon size={16} />} label={t('footer.addressLabel')}>
              <address className={classes.address}>{companyAddressLine}</address>
            </ContactLine>
          </Stack>
        </div>
        <Box className={classes.bottom}>
          <p className={`${classes.xs} ${classes.muted}`}>{t('footer.rights', { year: new Date().getFullYear() })}</p>
        </Box>
      </div>
    </Box>
  );
}
