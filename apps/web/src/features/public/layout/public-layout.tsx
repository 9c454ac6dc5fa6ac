import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { FloatingContactButton } from './floating-contact-button.tsx';
import classes from './public-layout.module.css';
import { PublicFooter } from './public-footer.tsx';
import { PublicHeader } from './public-header.tsx';
import { SkipLink } from '../../../ui/skip-link.tsx';

/** Frame of the public site (spec §2): header, the page, footer, the floating contact button. */
export function PublicLayout() {
  return (
    <Box className={classes.shell}>
      <SkipLink />
      <PublicHeader />
      <Box component="main" id="main" className={classes.main} tabIndex={-1}>
        <Outlet />
      </Box>
      <PublicFooter />
      <FloatingContactButton />
    </Box>
  );
}
