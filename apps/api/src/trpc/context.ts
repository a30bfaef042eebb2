import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env';
import { readSessionToken } from '../http/session-cookie';
import { visitorOf } from '../http/visitor';
import type { TrpcContext } from './trpc';

export function trpcContext(c: Context<AppEnv>, defaultCountry: string): TrpcContext {
  return {
    services: c.var.services,
    viewer: c.var.viewer,
    gender: c.var.gender,
    lang: c.var.lang,
    requestCountry: c.var.requestCountry,
    country: c.var.country,
    defaultCountry,
    visitor: () => visitorOf(c),
    requestId: c.var.requestId,
    clientIp: c.var.clientIp,
    sessionToken: c.var.viewer.memberId === null ? null : readSessionToken(c),
  };
}
