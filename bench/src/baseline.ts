import Fastify from 'fastify';
import type pg from 'pg';
import { addOperationsBaseline } from './baseline-operations';
import { addQuoteBaseline } from './baseline-quote';

/**
 * The same list as Users/GetTableSummary over more than 500 rows — a count and one page — on a bare Fastify
 * route over pg: no token, no validation, no permission check, no query builder.
 */
export async function startBaseline(pool: pg.Pool, companyId: number, port: number) {
  const app = Fastify({ logger: false });
  const rowsSql = `select u.id, u.full_name as "fullName", u.email, u.kind, u.staff_role_id as "staffRoleID",
      r.name as "staffRoleName", u.is_active as "isActive", u.last_sign_in_at as "lastSignInAt", u.created_at as "createdAt"
    from users u left join staff_roles r on r.id = u.staff_role_id
    where u.company_id = $1 order by u.full_name asc, u.id asc limit $2 offset $3`;
  app.post('/baseline/users', async (request) => {
    const body = request.body as { page?: number; perPage?: number };
    const page = body.page ?? 0;
    const perPage = body.perPage ?? 10;
    const count = Number(
      (await pool.query('select count(*) from users where company_id = $1', [companyId])).rows[0].count,
    );
    const data = (await pool.query(rowsSql, [companyId, perPage, page * perPage])).rows;
    return { data, allData: data, total: Math.ceil(count / perPage), count };
  });
  addOperationsBaseline(app, pool, companyId);
  addQuoteBaseline(app, pool, companyId);
  await app.listen({ port, host: '127.0.0.1' });
  return app;
}
