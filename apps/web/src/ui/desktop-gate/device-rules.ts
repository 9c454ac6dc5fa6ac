import { MOBILE_MAX_WIDTH } from '@windscope/contract';

export interface DeviceInfo {
  width: number;
  userAgent: string;
  /** iPadOS reports itself as a Mac; only its touch points give it away */
  maxTouchPoints?: number;
}

const PHONE_OR_TABLET = /Android|iPhone|iPad|iPod|Mobile|Tablet|Silk|Kindle|PlayBook|BlackBerry|BB10|IEMobile|Opera Mini|webOS/i;

/** Spec §1: the management area is for desktops; a phone or tablet user agent, or a window of 768 px or less, is turned away. */
export function isDesktopOnlyBlocked({ width, userAgent, maxTouchPoints = 0 }: DeviceInfo): boolean {
  if (width <= MOBILE_MAX_WIDTH) return true;
  if (PHONE_OR_TABLET.test(userAgent)) return true;
  return /Macintosh/.test(userAgent) && maxTouchPoints > 1;
}
