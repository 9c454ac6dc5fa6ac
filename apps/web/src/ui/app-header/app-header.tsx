import { ActionIcon, Box, Button, Divider, Menu, Stack, Text } from '@mantine/core';
import { type ReactNode, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { useLogout } from '../../features/auth/session.ts';
import { useCurrentUser } from '../../features/auth/use-auth.ts';
import { LogoutIcon, MenuIcon } from '../app-icons.tsx';
import { NotificationBell } from '../../features/notifications/notification-bell.tsx';
import { LanguageToggle } from '../language-toggle.tsx';
import { Logo } from '../logo.tsx';
import { ThemeToggle } from '../theme-toggle.tsx';
import classes from './app-header.module.css';
import { foldedCount } from './fit-header.ts';
import { type HeaderAction, HeaderActionButton, HeaderActionItem } from './header-action.tsx';
import { useHeaderSlot } from './header-slot.ts';

export type { HeaderAction } from './header-action.tsx';

export interface AppHeaderProps {
  /** the screen's title, e.g. "Turbine Management" or a turbine's name */
  title?: ReactNode;
  /** the screen's controls, most important first; placed before the language and theme toggles */
  actions?: HeaderAction[];
}

const NO_ACTIONS: HeaderAction[] = [];
const USER = 'user';
const WORDMARK = 'wordmark';
const LOGOUT = 'logout';

/** Header of the management area: logo, title, the screen's actions, TR/EN, theme, signed-in user, sign out.
 *  Everything stays in one row while it fits; when it does not, the signed-in user, then the screen's actions from
 *  the last one, then sign out fold into a menu, so the row never overflows and every control stays reachable. */
export function AppHeader({ title, actions = NO_ACTIONS }: AppHeaderProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const logout = useLogout();
  const slot = useHeaderSlot();
  const [signingOut, setSigningOut] = useState(false);
  const rowRef = useRef<HTMLDivElement>(null);
  const togglesRef = useRef<HTMLDivElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const [folded, setFolded] = useState(0);

  // folding order: the user's name first, then the brand name beside the logo, the screen's actions from the last,
  // sign out last
  const foldOrder = [...(user ? [USER] : []), WORDMARK, ...actions.map((action) => action.id).reverse(), LOGOUT];
  const foldedIds = new Set(foldOrder.slice(0, folded));
  const foldKey = foldOrder.join('|');

  const fit = useCallback(() => {
    const row = rowRef.current;
    const toggles = togglesRef.current;
    const measure = measureRef.current;
    if (!row || !toggles || !measure) return;
    const rowStyle = getComputedStyle(row);
    const controlsStyle = getComputedStyle(toggles.parentElement ?? toggles);
    const width = (element: Element | null) => element?.getBoundingClientRect().width ?? 0;
    const widthOf = (id: string) => width(measure.querySelector(`[data-measure="${CSS.escape(id)}"]`));
    const available = row.clientWidth - Number.parseFloat(rowStyle.paddingLeft) - Number.parseFloat(rowStyle.paddingRight);
    const gap = Number.parseFloat(controlsStyle.columnGap) || 0;
    const compactBrand = widthOf('brand');
    const count = foldedCount({
      available: Math.floor(available) - 1,
      fixed: compactBrand + (Number.parseFloat(rowStyle.columnGap) || 0) + width(toggles),
      menu: widthOf('menu'),
      gap,
      // the wordmark costs what the full brand adds to the compact one (it is not a control: no gap of its own)
      foldable: foldKey.split('|').map((id) => (id === WORDMARK ? widthOf('brand-full') - compactBrand - gap : widthOf(id))),
    });
    setFolded(count);
  }, [foldKey]);

  // measured before paint on every render (labels change with the language), and again on every resize
  useLayoutEffect(fit);
  useLayoutEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => fit());
    for (const element of [rowRef.current, measureRef.current]) if (element) observer.observe(element);
    return () => observer.disconnect();
  }, [fit]);

  const signOut = () => {
    setSigningOut(true);
    void logout();
  };
  const userName = user ? `${user.first_name} ${user.last_name}` : '';
  const userBlock = (measuring: boolean) =>
    user && (
      <Stack gap={0} className={classes.user} title={measuring ? undefined : t('auth.signedInAs', { name: userName })}>
        <Text size="sm" fw={600} lh={1.2} truncate>
          {userName}
        </Text>
        <Text size="xs" c="dimmed" lh={1.2} truncate>
          {t(`roles.${user.role}`)}
        </Text>
      </Stack>
    );
  const logoutButton = (measuring: boolean) => (
    <Button
      variant="light"
      color="red"
      px="sm"
      leftSection={<LogoutIcon size={16} />}
      loading={signingOut}
      onClick={signOut}
      tabIndex={measuring ? -1 : undefined}
      data-testid={measuring ? undefined : 'logout'}
    >
      {t('auth.logout')}
    </Button>
  );
  const menuButton = (measuring: boolean) => (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={t('nav.menu')}
      tabIndex={measuring ? -1 : undefined}
      data-testid={measuring ? undefined : 'header-menu'}
    >
      <MenuIcon size={18} />
    </ActionIcon>
  );
  const brand = (measuring: boolean, wordmark: boolean) => (
    <>
      {measuring ? (
        <Logo size={30} withWordmark={wordmark} />
      ) : (
        <Link to={paths.dashboard} className={classes.home} aria-label={t('pages.dashboard')} data-testid="header-home">
          <Logo size={30} withWordmark={wordmark} />
        </Link>
      )}
      {title && (
        <>
          <Divider orientation="vertical" />
          <Text component={measuring ? 'div' : 'h1'} fw={700} fz="lg" truncate={!measuring} className={classes.title}>
            {title}
          </Text>
        </>
      )}
    </>
  );

  const foldedActions = actions.filter((action) => foldedIds.has(action.id));
  const header = (
    <Box component="header" className={classes.header}>
      <div ref={rowRef} className={classes.row}>
        <div className={classes.brand}>{brand(false, !foldedIds.has(WORDMARK))}</div>
        <div className={classes.controls}>
          {actions
            .filter((action) => !foldedIds.has(action.id))
            .map((action) => (
              <HeaderActionButton key={action.id} action={action} />
            ))}
          {folded > 0 && (
            <Menu position="bottom-end" shadow="md" width={260} withinPortal>
              <Menu.Target>{menuButton(false)}</Menu.Target>
              <Menu.Dropdown data-testid="header-menu-items">
                {foldedIds.has(USER) && user && (
                  <Menu.Label>
                    <Text size="sm" fw={600} c="var(--mantine-color-text)">
                      {userName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t(`roles.${user.role}`)}
                    </Text>
                  </Menu.Label>
                )}
                {foldedActions.map((action) => (
                  <HeaderActionItem key={action.id} action={action} />
                ))}
                {foldedIds.has(LOGOUT) && (
                  <>
                    <Menu.Divider />
                    <Menu.Item color="red" leftSection={<LogoutIcon size={16} />} onClick={signOut} data-testid="logout">
                      {t('auth.logout')}
                    </Menu.Item>
                  </>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
          <div ref={togglesRef} className={classes.toggles}>
            <NotificationBell />
            <LanguageToggle />
            <ThemeToggle />
          </div>
          {!foldedIds.has(USER) && userBlock(false)}
          {!foldedIds.has(LOGOUT) && logoutButton(false)}
        </div>
      </div>
      {/* the same controls off screen, at their natural widths: what fit() measures */}
      <div ref={measureRef} className={classes.measure} aria-hidden="true" inert>
        <div data-measure="brand" className={classes.brand}>
          {brand(true, false)}
        </div>
        <div data-measure="brand-full" className={classes.brand}>
          {brand(true, true)}
        </div>
        <div data-measure="menu">{menuButton(true)}</div>
        {user && <div data-measure={USER}>{userBlock(true)}</div>}
        {actions.map((action) => (
          <div key={action.id} data-measure={action.id}>
            <HeaderActionButton action={action} measuring />
          </div>
        ))}
        <div data-measure={LOGOUT}>{logoutButton(true)}</div>
      </div>
    </Box>
  );
  return slot ? createPortal(header, slot) : header;
}
