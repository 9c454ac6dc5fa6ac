import { Box, Group, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { LanguageToggle } from '../../../ui/language-toggle.tsx';
import { Logo } from '../../../ui/logo.tsx';
import { ThemeToggle } from '../../../ui/theme-toggle.tsx';
import plain from '../../../ui/plain-button.module.css';
import classes from './public-header.module.css';
import { HEADER_LINKS } from './public-nav.ts';

/** Spec §2: home, contact, language toggle and the login link; on narrow screens the links fold into a panel. */
export function PublicHeader() {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the menu
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <Box component="header" className={classes.header}>
      <div className={classes.container}>
        {/* gap xs: at 360 px logo, TR/EN, theme and the menu button fill the row to the pixel */}
        <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
          <Link
            to={paths.home}
            className={classes.brand}
            aria-label={t('nav.brandLink', { brand: t('common.brand'), page: t('nav.home') })}
          >
            <Logo size={32} />
          </Link>
          <Group gap="lg" wrap="nowrap">
            <Group component="nav" gap={4} aria-label={t('nav.main')} visibleFrom="sm">
              {HEADER_LINKS.map((link) => (
                <NavLink key={link.to} to={link.to} end className={classes.link}>
                  {t(link.label)}
                </NavLink>
              ))}
            </Group>
            <Group gap="xs" wrap="nowrap">
              <LanguageToggle />
              <ThemeToggle variant="subtle" />
              {/* a link drawn as Mantine's filled button, not the Button itself (plain-button.module.css) */}
              <Link to={paths.login} className={`${plain.button} ${plain.round} ${classes.wideOnly}`} data-testid="header-login">
                {t('nav.login')}
              </Link>
              {/* a CSS burger rather than Mantine's: one component less on `/` */}
              <button
                type="button"
                className={classes.burger}
                onClick={() => setMenuOpen((open) => !open)}
                aria-label={t('nav.menu')}
                aria-expanded={menuOpen}
                aria-controls="public-mobile-nav"
                data-open={menuOpen || undefined}
              >
                <span />
              </button>
            </Group>
          </Group>
        </Group>
      </div>
      {menuOpen && (
        <Stack component="nav" id="public-mobile-nav" gap={4} className={classes.mobileNav} aria-label={t('nav.main')} hiddenFrom="sm">
          {HEADER_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end className={classes.link}>
              {t(link.label)}
            </NavLink>
          ))}
          <Link to={paths.login} className={`${plain.button} ${plain.round} ${classes.menuLogin}`}>
            {t('nav.login')}
          </Link>
        </Stack>
      )}
    </Box>
  );
}
