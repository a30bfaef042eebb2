import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { requireMember } from '../services/shared/errors';

/**
 * `GET /api/account/export.json`: the signed-in member's data as a download (docs/decisions/0030). Private
 * and never stored by a cache; a visitor gets 401 like every member-only call.
 */
export function accountExportRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/api/account/export.json', async (c) => {
    const me = requireMember(c.var.viewer.memberId);
    await c.var.services.limits.hit(['accountExport', me]);
    const data = await c.var.services.accountData.exportData(me);
    c.header('Cache-Control', 'private, no-store');
    c.header('Content-Disposition', `attachment; filename="account-${me}.json"`);
    return c.body(JSON.stringify(data, null, 2), 200, { 'Content-Type': 'application/json; charset=utf-8' });
  });
  return app;
}
