import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_LIST_PARAMS,
  INSTALLATION_SORTS,
  INSTALLATION_STATUSES,
  type InstallationListParams,
  type InstallationSort,
  type InstallationStatus,
  type SortOrder,
} from '@portal/domain/installation-list';

export const PAGE_SIZES = [10, 20, 50] as const;
/** The server refuses longer search texts. */
export const MAX_SEARCH_LENGTH = 100;

const isSort = (value: string | null): value is InstallationSort => (INSTALLATION_SORTS as readonly (string | null)[]).includes(value);
const isOrder = (value: string | null): value is SortOrder => value === 'asc' || value === 'desc';

const isStatus = (value: string | null) => (INSTALLATION_STATUSES as readonly (string | null)[]).includes(value);
/** A calendar day as the API takes it; anything else is no filter. */
const isoDay = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : '');

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,6}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

/** Reads the list state from the query of the hash route; anything unknown falls back to the defaults. */
export function parseListParams(search: URLSearchParams): InstallationListParams {
  const pageSize = positiveInt(search.get('pageSize'));
  const sort = search.get('sort');
  const order = search.get('order');
  return {
    page: positiveInt(search.get('page')) ?? DEFAULT_LIST_PARAMS.page,
    pageSize: pageSize !== null && (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_LIST_PARAMS.pageSize,
    q: (search.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
    sort: isSort(sort) ? sort : DEFAULT_LIST_PARAMS.sort,
    order: isOrder(order) ? order : DEFAULT_LIST_PARAMS.order,
    mine: search.get('mine') === 'true',
    status: isStatus(search.get('status')) ? (search.get('status') as InstallationStatus) : '',
    from: isoDay(search.get('from')),
    to: isoDay(search.get('to')),
    failedChecks: search.get('failedChecks') === 'true',
    // The installations screen lists in the order asked for; only the fleet home puts the own drafts first.
    ownDraftsFirst: false,
  };
}

/** Writes the list state into a query, leaving out defaults so plain links stay plain. */
export function writeListParams(params: InstallationListParams, into = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(into);
  const put = (key: keyof InstallationListParams, value: string | number | null) => {
    if (value === null || value === '') next.delete(key);
    else next.set(key, String(value));
  };
  const d = DEFAULT_LIST_PARAMS;
  put('q', params.q);
  put('mine', params.mine ? 'true' : null);
  put('status', params.status || null);
  put('from', params.from || null);
  put('to', params.to || null);
  put('failedChecks', params.failedChecks ? 'true' : null);
  put('page', params.page === d.page ? null : params.page);
  put('pageSize', params.pageSize === d.pageSize ? null : params.pageSize);
  // Sort and order travel together: `?sort=name` alone would hide that the order is descending.
  const isDefaultSort = params.sort === d.sort && params.order === d.order;
  put('sort', isDefaultSort ? null : params.sort);
  put('order', isDefaultSort ? null : params.order);
  return next;
}

/**
 * Search, filters, page, page size and sort of the installations screen live in the URL (`#/sono/installations?q=…&page=2`),
 * so a reload, a shared link or the back button from an installation brings the same list back.
 */
export function useInstallationListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseListParams(searchParams), [searchParams]);

  const update = useCallback(
    (patch: Partial<InstallationListParams>, { replace = false }: { replace?: boolean } = {}) => {
      setSearchParams((current) => writeListParams({ ...parseListParams(current), ...patch }, current), { replace });
    },
    [setSearchParams],
  );

  return [params, update] as const;
}
