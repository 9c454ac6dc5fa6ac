import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import classes from './root-layout.module.css';

/** Spec §2: every route change scrolls to the top (a change of query string or #anchor alone does not). */
function useScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the scroll is the reaction to a new pathname
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
}

/** A thin bar at the top while a lazy screen loads. */
function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  return busy ? <div className={classes.progress} role="progressbar" aria-hidden="true" /> : null;
}

/** The root of every route: app-wide behaviour, no visible chrome (layouts add that). */
export function RootLayout() {
  useScrollToTop();
  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
}
