import { badRequest } from '../errors';
import type { Db } from './database';

/** One sort term of a list query. `expr` must never be NULL (wrap it in COALESCE). */
export interface SortTerm {
  expr: string;
  dir: 'asc' | 'desc';
  /** The column of the selected row holding this term's value, echoed into the cursor. */
  key: string;
}

interface ListQuerySpec {
  /** `SELECT ... FROM ... [JOIN ...]`, without WHERE or ORDER BY. */
  select: string;
  where: string[];
  params: unknown[];
  /** Sort terms; the last one must be unique (a `seq`) so that every row has one place. */
  order: SortTerm[];
}

export interface PageRequest {
  page?: string;
  limit?: number;
}

export interface PageResult<Row> {
  rows: Row[];
  /** Rows matching the filters, over every page. */
  total: number;
  /** Cursor of the next page, absent on the last one. */
  next?: string;
}

const DEFAULT_PAGE_SIZE = 100;

/**
 * Keyset ("seek") pagination: a cursor names the last row of the previous page by its sort values,
 * so rows inserted or deleted between two requests never shift a page, unlike OFFSET.
 */
export function listPage<Row>(
  db: Db,
  spec: ListQuerySpec,
  request: PageRequest,
): PageResult<Row> {
  const limit = request.limit ?? DEFAULT_PAGE_SIZE;
  const where = [...spec.where];
  const params = [...spec.params];
  const total = (
    db.prepare(`SELECT COUNT(*) AS n FROM (${spec.select}${clause(where)})`).get(...params) as { n: number }
  ).n;

  if (request.page !== undefined) {
    const after = decodeCursor(request.page, spec.order.length);
    const seek = seekCondition(spec.order, after);
    where.push(seek.sql);
    params.push(...seek.params);
  }
  const orderBy = spec.order.map((t) => `${t.expr} ${t.dir.toUpperCase()}`).join(', ');
  const rows = db
    .prepare(`${spec.select}${clause(where)} ORDER BY ${orderBy} LIMIT ?`)
    .all(...params, limit + 1) as Row[];

  const hasMore = rows.length > limit;
  const pageRows = hasMore ? rows.slice(0, limit) : rows;
  const last = pageRows[pageRows.length - 1];
  return {
    rows: pageRows,
    total,
    next: hasMore && last ? encodeCursor(spec.order.map((t) => (last as Record<string, unknown>)[t.key])) : undefined,
  };
}

function clause(where: string[]): string {
  return where.length ? ` WHERE ${where.map((w) => `(${w})`).join(' AND ')}` : '';
}

/** (a,b,c) after (x,y,z) in the given directions, spelled out so SQLite can use indexes. */
function seekCondition(order: SortTerm[], after: unknown[]): { sql: string; params: unknown[] } {
  const ors: string[] = [];
  const params: unknown[] = [];
  for (let i = 0; i < order.length; i += 1) {
    const ands: string[] = [];
    for (let j = 0; j < i; j += 1) {
      ands.push(`${order[j]!.expr} = ?`);
      params.push(after[j]);
    }
    ands.push(`${order[i]!.expr} ${order[i]!.dir === 'asc' ? '>' : '<'} ?`);
    params.push(after[i]);
    ors.push(`(${ands.join(' AND ')})`);
  }
  return { sql: ors.join(' OR '), params };
}

function encodeCursor(values: unknown[]): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}

function decodeCursor(page: string, arity: number): unknown[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(page, 'base64url').toString('utf8'));
  } catch {
    values = undefined;
  }
  const valid =
    Array.isArray(values) &&
    values.length === arity &&
    values.every((v) => typeof v === 'string' || typeof v === 'number');
  if (!valid) throw badRequest('page: not a page cursor returned by this list (use next.page)');
  return values as unknown[];
}
