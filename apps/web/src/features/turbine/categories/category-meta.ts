import type { PhotoCategory } from '@windscope/contract';
import { paths } from '../../../app/paths.ts';

/** Each source's colour and, where the spec has one, its viewer route (robot photos have none). */
export const CATEGORY_META: Record<PhotoCategory, { color: string; route: ((id: number) => string) | null }> = {
  drone: { color: 'blue', route: paths.dronePhotos },
  operator: { color: 'orange', route: paths.operatorPhotos },
  robot: { color: 'grape', route: null },
};
