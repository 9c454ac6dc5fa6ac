import { API_PATHS, type SetupBody, userSchema } from '@windscope/contract';
import { z } from 'zod';
import { api } from '../../api/client.ts';

const signedInSchema = z.object({ token: z.string(), user: userSchema, expires_at: z.string() });

/** GET /setup: answers while the database has no account; 404 (SETUP_NOT_AVAILABLE) for ever after. */
export async function setupStateRequest(signal?: AbortSignal) {
  const answer = await api.get(API_PATHS.setup, { schema: z.object({ needed: z.literal(true) }), redirectOnUnauthorized: false, signal });
  return answer.data;
}

/** POST /setup: creates the operator company and its owner, and signs the owner in. */
export async function setupRequest(body: SetupBody) {
  const answer = await api.post(API_PATHS.setup, body, { schema: signedInSchema, redirectOnUnauthorized: false });
  return { ...answer.data, message: answer.message };
}
