import { ActionIcon, Box, Button, Divider, Menu, Stack, Text, VisuallyHidden } from '@mantine/core';
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
/** the step that shows an action as its icon alone (and the measured copy of it) */
const iconStep = (id: string) => `${id}:icon`;

/** Header of the management area: logo, title, the screen's actions, TR/EN, theme, signed-in user, sign out.
 *  Everything stays in one row while it fits; when it does not, the signed-in user folds into a menu, the brand name
 *  goes, the actions that have an icon show it alone from the last one (named, with a tooltip: issue 24 item 21, the
 *  turbine page's and the dashboard's links at 1280 px), then the screen's actions from the last one, then sign out
 *  fold into the menu, so the row never overflows and every control stays reachable. */
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

  // folding order: the user's name first, then the brand name beside the logo, the actions' labels from the last
  // (their icons stay), the screen's actions from the last, sign out last
  const labelled = actions.filter((action) => (action.icon || action.shortIcon) && !action.iconOnly).map((action) => action.id);
  const foldOrder = [
    ...(user ? [USER] : []),
    WORDMARK,
    ...labelled.map(iconStep).reverse(),
    ...actions.map((action) => action.id).reverse(),
    LOGOUT,
  ];
  const foldedIds = new Set(foldOrder.slice(0, folded));
  const foldKey = foldOrder.join('|');
  const alone = (action: HeaderAction): HeaderAction => ({ ...action, icon: action.icon ?? action.shortIcon, iconOnly: true });
  const shown = (action: HeaderAction): HeaderAction => (foldedIds.has(iconStep(action.id)) ? alone(action) : action);

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
    const ids = foldKey.split('|');
    const steps = new Set(ids.filter((id) => id.endsWith(':icon')));
    // an action that can show its icon alone counts at that width; its icon step holds what its label adds (so the
    // sum is the row with labels, and each step takes one label away)
    const actionWidth = (id: string) => (steps.has(iconStep(id)) ? widthOf(iconStep(id)) : widthOf(id));
    const labelWidth = (step: string) => widthOf(step.slice(0, -':icon'.length)) - widthOf(step);
    const count = foldedCount({
      available: Math.floor(available) - 1,
      fixed: compactBrand + (Number.parseFloat(rowStyle.columnGap) || 0) + width(toggles),
      menu: widthOf('menu'),
      gap,
      // the wordmark costs what the full brand adds to the compact one (it is not a control: no gap of its own)
      foldable: ids.map((id) =>
        id === WORDMARK ? widthOf('brand-full') - compactBrand - gap : steps.has(id) ? labelWidth(id) - gap : actionWidth(id),
      ),
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
  const userText = (measuring: boolean) =>
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
  // the signed-in user's name leads to their own settings (API tokens, DECISIONS §17)
  const userBlock = (measuring: boolean) =>
    user &&
    (measuring ? (
      userText(true)
    ) : (
      <Link to={paths.account} className={classes.account} data-testid="header-account">
        {userText(false)}
        <VisuallyHidden>{t('auth.myAccount')}</VisuallyHidden>
      </Link>
    ));
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
        // the name holds the wordmark it shows (axe label-content-name-mismatch), then where the link goes
        <Link
          to={paths.dashboard}
          className={classes.home}
          aria-label={t('nav.brandLink', { brand: t('common.brand'), page: t('pages.dashboard') })}
          data-testid="header-home"
        >
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
              <HeaderActionButton key={action.id} action={shown(action)} />
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
                {foldedIds.has(USER) && user && (
                  <Menu.Item component={Link} to={paths.account} data-testid="header-account">
                    {t('auth.myAccount')}
                  </Menu.Item>
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
        {actions
          .filter((action) => labelled.includes(action.id))
          .map((action) => (
            <div key={iconStep(action.id)} data-measure={iconStep(action.id)}>
              <HeaderActionButton action={alone(action)} measuring />
            </div>
          ))}
        <div data-measure={LOGOUT}>{logoutButton(true)}</div>
      </div>
    </Box>
  );
  return slot ? createPortal(header, slot) : header;
}
