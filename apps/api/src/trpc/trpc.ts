import { initTRPC, TRPCError } from '@trpc/server';
import type { Gender } from '@vt/rules';
import type { Services } from '../container';
import { AppError } from '../lib/app-error';
import type { Viewer } from '../services/shared/viewer';
import type { Visitor } from '../services/stats/view-stats.service';

export interface TrpcContext {
  services: Services;
  viewer: Viewer;
  gender: Gender;
  lang: string;
  /** Where the request comes from (trusted CDN header or cookie), lower-case, or null. */
  requestCountry: string | null;
  /** The country the visitor picked for "top in country" (cookie), or null. */
  country: string | null;
  defaultCountry: string;
  /** Who a view call counts for (address + visitor cookie, or the member); issues the cookie if missing. */
  visitor?: () => Visitor;
  /** Ties a logged failure to the answer the client got. */
  requestId?: string;
  /** The signed-in member's session token, for the account's session list ("this browser"). */
  sessionToken?: string | null;
  /** The client's address, for the per-address mail limits. */
  clientIp?: string;
}

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error, ctx }) {
    const cause = error.cause instanceof AppError ? error.cause : null;
    // An unexpected failure's message and stack are internals: logged (app.ts), never sent.
    if (error.code === 'INTERNAL_SERVER_ERROR' && !cause)
      return {
        message: 'Internal error',
        code: shape.code,
        data: {
          code: 'internal_error',
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          request_id: ctx?.requestId,
        },
      };
    const { stack: _stack, ...data } = shape.data;
    return {
      ...shape,
      data: { ...data, code: cause?.code ?? shape.data.code, field: cause?.field, info: cause?.info },
    };
  },
});

type TrpcCode = ConstructorParameters<typeof TRPCError>[0]['code'];
const CODE_BY_STATUS: Record<number, TrpcCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'TOO_MANY_REQUESTS',
};

/** Services throw AppError; tRPC answers with its HTTP status and keeps the app's code in error.data. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({
      code: CODE_BY_STATUS[cause.status] ?? 'BAD_REQUEST',
      message: cause.message,
      cause,
    });
  }
  return result;
});

export const router = t.router;
export const publicProcedure = t.procedure.use(appErrors);
export const createCallerFactory = t.createCallerFactory;

/** Procedures for the signed-in member only: 401 auth_error otherwise, with ctx.memberId set. */
export const memberProcedure = publicProcedure.use(({ ctx, next }) => {
  if (ctx.viewer.memberId === null)
    throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to complete this action' });
  return next({ ctx: { ...ctx, memberId: ctx.viewer.memberId } });
});

/** Staff procedures: a member or visitor gets the same answer as for a missing page. */
const staff = (roles: readonly string[]) =>
  publicProcedure.use(({ ctx, next }) => {
    if (ctx.viewer.memberId === null || !ctx.viewer.role || !roles.includes(ctx.viewer.role))
      throw new TRPCError({ code: 'NOT_FOUND', message: 'Not found' });
    return next({ ctx: { ...ctx, memberId: ctx.viewer.memberId } });
  });

export const moderatorProcedure = staff(['moderator', 'admin']);
export const adminProcedure = staff(['admin']);
