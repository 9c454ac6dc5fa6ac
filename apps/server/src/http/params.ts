import type { PlainMessageCode } from '@windscope/contract';
import { parseId } from '../access/scope.ts';
import { badRequest, notFound } from './errors.ts';

/** A numeric route id, or the given failure: 404 by default, 400 with a message where the spec names one. */
export function routeId(raw: string, invalid: { status: 400; code: PlainMessageCode } | { status: 404 } = { status: 404 }): number {
  const id = parseId(raw);
  if (id !== null) return id;
  throw invalid.status === 400 ? badRequest(invalid.code) : notFound();
}
