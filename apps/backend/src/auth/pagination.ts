// Paging of the admin lists (users, OAuth clients) as GoTrue reads it: `page` and `per_page` from the query, each an
// unsigned whole number, the page from 1 and at most 1,000 rows a page; anything else is refused with GoTrue's
// "Bad Pagination Parameters" message rather than quietly served as another page.
import { AuthErrors, type AuthError } from './errors.ts';

const DEFAULT_PER_PAGE = 50;
const MAX_PER_PAGE = 1000;
/** GoTrue caps the page number at the largest 32-bit signed integer. */
const MAX_PAGE = 2 ** 31 - 1;
const MAX_UNSIGNED_64 = 2n ** 64n - 1n;

export interface Page {
  page: number;
  perPage: number;
}

function badPagination(reason: string): AuthError {
  return AuthErrors.validation(`Bad Pagination Parameters: ${reason}`);
}

/** A query value read as Go's strconv.ParseUint reads it, with its wording on failure. */
function unsignedInteger(value: string): bigint {
  if (!/^\d+$/.test(value)) throw badPagination(`strconv.ParseUint: parsing ${JSON.stringify(value)}: invalid syntax`);
  const number = BigInt(value);
  if (number > MAX_UNSIGNED_64) {
    throw badPagination(`strconv.ParseUint: parsing ${JSON.stringify(value)}: value out of range`);
  }
  return number;
}

export function readPage(query: (name: string) => string | undefined): Page {
  let page = 1;
  let perPage = DEFAULT_PER_PAGE;
  const rawPage = query('page');
  if (rawPage) {
    const value = unsignedInteger(rawPage);
    if (value === 0n) throw badPagination('page must be greater than 0');
    if (value > BigInt(MAX_PAGE)) throw badPagination('page exceeds maximum allowed value');
    page = Number(value);
  }
  const rawPerPage = query('per_page');
  if (rawPerPage) {
    const value = unsignedInteger(rawPerPage);
    if (value === 0n) throw badPagination('per_page must be greater than 0');
    if (value > BigInt(MAX_PER_PAGE)) throw badPagination(`per_page must not exceed ${MAX_PER_PAGE}`);
    perPage = Number(value);
  }
  return { page, perPage };
}

/** The last page's number for the Link header: 1 even for an empty list, as GoTrue writes it. */
export function lastPage(total: number, perPage: number): number {
  return Math.max(Math.ceil(total / perPage), 1);
}
