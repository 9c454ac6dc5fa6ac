import { localStorageColorSchemeManager } from '@mantine/core';
import { STORAGE_KEYS } from '../config/storage-keys.ts';

/** Light or dark, default light, kept in localStorage under STORAGE_KEYS.theme (spec §1). */
export const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.theme });
