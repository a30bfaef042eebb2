import { initTRPC } from '@trpc/server';
import { AppError } from '../lib/app-error';
import type { Viewer } from '../pages/context';
import type { Gender } from '../services/dto';
import type { Services } from '../services/index';

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
}

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause instanceof AppError ? error.cause : null;
    return { ...shape, data: { ...shape.data, code: cause?.code ?? shape.data.code, field: cause?.field } };
  },
});

export const router = t.router;
export const publicProcedure = t.procedure;
export const createCallerFactory = t.createCallerFactory;
