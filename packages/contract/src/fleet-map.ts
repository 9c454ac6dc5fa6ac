import { z } from 'zod';

/** DECISIONS §18: what the dashboard's map needs of the server's configuration. style_url: MAP_STYLE_URL, a MapLibre
 *  style of a tile service; null: the web app draws its own offline basemap (Natural Earth outlines). */
export const mapSettingsSchema = z.object({ style_url: z.string().nullable() });
export type MapSettings = z.infer<typeof mapSettingsSchema>;
