import { ActionIcon, Button, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './header-buttons.module.css';

/** A header link that keeps its icon and drops its label on narrower desktops (the header holds many buttons). */
export function HeaderLinkButton({ to, icon, label, testId }: { to: string; icon: ReactNode; label: string; testId?: string }) {
  return (
    <Button
      component={Link}
      to={to}
      variant="default"
      leftSection={icon}
      aria-label={label}
      className={classes.button}
      data-testid={testId}
    >
      <span className={classes.label}>{label}</span>
    </Button>
  );
}

/** An icon-only header link with a tooltip. */
export function HeaderIconLink({ to, icon, label, testId }: { to: string; icon: ReactNode; label: string; testId?: string }) {
  return (
    <Tooltip label={label}>
      <ActionIcon component={Link} to={to} size="lg" variant="default" aria-label={label} data-testid={testId}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
