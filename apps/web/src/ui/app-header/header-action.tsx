import { ActionIcon, Button, Menu, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** One control of a screen's header. The header shows it as a button, or as a menu item when the row is full. */
export interface HeaderAction {
  /** React key and data-testid (the same in the bar and in the menu) */
  id: string;
  label: string;
  icon?: ReactNode;
  /** the icon the control shows alone, named by its label, when the header row is short; not beside the label */
  shortIcon?: ReactNode;
  /** a link (react-router) instead of a button */
  to?: string;
  onClick?: () => void;
  variant?: 'filled' | 'light' | 'default';
  /** an icon button with a tooltip in the bar */
  iconOnly?: boolean;
  /** a toggle button's state (aria-pressed) */
  pressed?: boolean;
  /** what the control opens is open (aria-expanded) */
  expanded?: boolean;
  disabled?: boolean;
  /** the menu item's text when it differs from the button's (e.g. "close comments" while they are open) */
  menuLabel?: string;
}

interface BarProps {
  action: HeaderAction;
  /** the off-screen copy used to measure widths: no test id, not focusable */
  measuring?: boolean;
}

/** The control as it stands in the header row. */
export function HeaderActionButton({ action, measuring = false }: BarProps) {
  const { id, label, icon, to, onClick, variant = 'default', iconOnly, pressed, expanded, disabled } = action;
  const common = {
    onClick,
    disabled,
    'aria-pressed': pressed,
    'aria-expanded': expanded,
    'data-testid': measuring ? undefined : id,
    tabIndex: measuring ? -1 : undefined,
    ...(to ? { component: Link, to } : {}),
  };
  if (iconOnly) {
    const button = (
      // biome-ignore lint/suspicious/noExplicitAny: Mantine's polymorphic props, a link or a button
      <ActionIcon size="lg" variant={variant} aria-label={label} {...(common as any)}>
        {icon}
      </ActionIcon>
    );
    return measuring ? button : <Tooltip label={label}>{button}</Tooltip>;
  }
  return (
    // biome-ignore lint/suspicious/noExplicitAny: Mantine's polymorphic props, a link or a button
    <Button variant={variant} leftSection={icon} px="sm" {...(common as any)}>
      {label}
    </Button>
  );
}

/** The control as an item of the header's menu. */
export function HeaderActionItem({ action }: { action: HeaderAction }) {
  const { id, label, icon, to, onClick, disabled, menuLabel } = action;
  const link = to ? { component: Link, to } : {};
  return (
    // biome-ignore lint/suspicious/noExplicitAny: Mantine's polymorphic props, a link or a button
    <Menu.Item leftSection={icon} onClick={onClick} disabled={disabled} data-testid={id} {...(link as any)}>
      {menuLabel ?? label}
    </Menu.Item>
  );
}
