import type { ParseKeys } from 'i18next';
import { paths } from '../../../app/paths.ts';

interface NavItem {
  to: string;
  label: ParseKeys;
}

/** Header links (spec §2: home, contact). */
export const HEADER_LINKS: NavItem[] = [
  { to: paths.home, label: 'nav.home' },
  { to: paths.contact, label: 'nav.contact' },
];

/** Footer links (spec §2: about, contact, support, FAQ, privacy). */
export const FOOTER_LINKS: NavItem[] = [
  { to: paths.about, label: 'nav.about' },
  { to: paths.contact, label: 'nav.contact' },
  { to: paths.support, label: 'nav.support' },
  { to: paths.faq, label: 'nav.faq' },
  { to: paths.privacy, label: 'nav.privacy' },
];
