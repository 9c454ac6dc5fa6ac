import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { SLIDESHOW } from '@windscope/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { WIND_SCENES, WindScene } from '../../../ui/illustrations/wind-scene.tsx';
import { LanguageToggle } from '../../../ui/language-toggle.tsx';
import { Logo } from '../../../ui/logo.tsx';
import { useFadingSlide, useSlideshow } from '../../../ui/slideshow/use-slideshow.ts';
import { ThemeToggle } from '../../../ui/theme-toggle.tsx';
import '../auth-styles.ts';
import classes from './auth-layout.module.css';
import { AUTH_PAGES_NS } from './auth-pages-i18n.ts';

/** the slides' cross-fade (auth-layout.module.css, `.slide` transition) */
const FADE_MS = 1500;

/** Sign-in and password screens: a wind-farm slideshow behind (spec: every 6500 ms), the form card in front. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation(['translation', AUTH_PAGES_NS]);
  const { index } = useSlideshow({ count: WIND_SCENES.length, intervalMs: SLIDESHOW.loginIntervalMs });
  // only the slide on screen and the one fading out turn their rotors: the hidden ones stand still
  const fading = useFadingSlide(index, FADE_MS);
  return (
    <Box className={classes.root}>
      <div className={classes.slides} aria-hidden="true" data-testid="auth-slideshow" data-slide={index}>
        {WIND_SCENES.map((scene, i) => (
          <div key={scene} className={classes.slide} data-active={i === index || undefined}>
            <WindScene variant={scene} className={classes.scene} still={i !== index && i !== fading} />
          </div>
        ))}
      </div>
      <div className={classes.overlay} aria-hidden="true" />
      <Group component="header" className={classes.top} justify="space-between" wrap="nowrap">
        <Link to={paths.home} className={classes.brand} aria-label={t('nav.brandLink', { brand: t('common.brand'), page: t('nav.home') })}>
          <Logo size={34} inverted />
        </Link>
        <Group gap="xs" wrap="nowrap">
          <LanguageToggle inverted />
          <ThemeToggle variant="white" />
        </Group>
      </Group>
      <Box component="main" className={classes.content}>
        <Stack className={classes.showcase} gap="md" visibleFrom="md">
          <Title order={2} className={classes.showcaseTitle}>
            {t('authPages:showcase.title')}
          </Title>
          <Text size="lg" className={classes.showcaseText}>
            {t('authPages:showcase.text')}
          </Text>
        </Stack>
        <Paper className={classes.card} radius="lg" p={{ base: 'lg', sm: 36 }} shadow="xl">
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
