import { z } from 'zod';

/** Success envelope schema for route docs and serialization: { success: true, data, message? } plus named extras. */
export function envelope<T extends z.ZodType, E extends z.ZodRawShape = Record<never, never>>(data: T, extra?: E) {
  return z.object({ success: z.literal(true), data, message: z.string().optional(), ...(extra ?? ({} as E)) });
}

export const messageOnly = z.object({ success: z.literal(true), message: z.string(), data: z.unknown().optional() });
