/** What an API handler answers: a status and a JSON body, as a value (nothing is thrown for a bad request). */
import { ViewStatus } from '../request-plan.js';

/** One API answer. */
export interface ApiAnswer {
  readonly status: number;
  readonly body: object;
}

/** A 200 answer. */
export function ok(body: object): ApiAnswer {
  return { status: ViewStatus.Ok, body };
}

/** A refusal with `status` and a message saying what was wrong and what to do. */
export function fail(status: number, message: string): ApiAnswer {
  return { status, body: { error: message } };
}

/**
 * A positive integer parameter of the query: its value, `fallback` when absent, or a message
 * naming the parameter and what was expected.
 */
export function intParam(query: URLSearchParams, name: string, fallback: number, min: number, max: number): number | string {
  const raw = query.get(name);
  if (raw === null) return fallback;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < min || Number(raw) > max) return `${name} must be a whole number between ${min} and ${max}`;
  return Number(raw);
}
