import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS, mapSettingsSchema } from '@windscope/contract';
import type { AppContext } from '../context.ts';
import { envelope } from '../http/envelope.ts';

/** DECISIONS §18: the dashboard map's settings for any signed-in user (the auth hook asks for a session). */
export async function mapRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    API_PATHS.mapSettings,
    {
      schema: {
        tags: ['map'],
        summary: 'The map style the dashboard draws (MAP_STYLE_URL), null for the offline basemap',
        response: { 200: envelope(mapSettingsSchema) },
      },
    },
    async () => ({ success: true as const, data: { style_url: ctx.config.mapStyleUrl } }),
  );
}

/** The origin of MAP_STYLE_URL for the page's Content-Security-Policy (its style, tiles, glyphs and sprites); none
 *  without one. Tiles served from another host need that host behind the same origin (a proxy path). */
export function mapStyleOrigins(styleUrl: string | null): string[] {
  return styleUrl ? [new URL(styleUrl).origin] : [];
}
