// Plain TypeScript, no schema library: the web app's boot code and the fleet home use it before (or
// without) loading the schemas. The server validates the same query with InstallationListQuerySchema.

export const INSTALLATION_STATUSES = ['draft', 'completed'] as const;
export type InstallationStatus = (typeof INSTALLATION_STATUSES)[number];

export const INSTALLATION_SORTS = ['name', 'systemSerialNumber', 'startDate', 'status', 'createdAt'] as const;
export type InstallationSort = (typeof INSTALLATION_SORTS)[number];

/** One page of a fleet's list as the screens ask for it; the server pages, sorts and searches. */
export type InstallationListParams = {
  page: number;
  pageSize: number;
  q: string;
  sort: InstallationSort;
  order: 'asc' | 'desc';
  /** Only the installations the signed-in user created. */
  mine: boolean;
  /** '' for every status. */
  status: '' | InstallationStatus;
  /** Start dates from and to (YYYY-MM-DD, both included); '' for open. */
  from: string;
  to: string;
  /** Only installations submitted with failed checks. */
  failedChecks: boolean;
  /** The caller's own drafts saved today (in the device's time zone) first, then the rest in the list's order. */
  ownDraftsFirst: boolean;
};

export type SortOrder = InstallationListParams['order'];

export const DEFAULT_LIST_PARAMS: InstallationListParams = {
  page: 1,
  pageSize: 20,
  q: '',
  sort: 'createdAt',
  order: 'desc',
  mine: false,
  status: '',
  from: '',
  to: '',
  failedChecks: false,
  ownDraftsFirst: false,
};

/** The fleet home shows the installer's own drafts of today, then the newest; the installations screen has the rest. */
export const RECENT_INSTALLATIONS: InstallationListParams = { ...DEFAULT_LIST_PARAMS, pageSize: 10, ownDraftsFirst: true };

let timeZone: string | undefined;

/** `Temporal` where the runtime has it (browsers since 2026); typed here, as TypeScript's libraries do not yet. */
const temporal = (globalThis as { Temporal?: { Now: { timeZoneId(): string } } }).Temporal;

/**
 * The time zone this runs in: in a browser, the device's (where "today" is for the person holding it).
 * Asked of `Temporal` where there is one: building a date formatter to ask costs a phone tens of
 * milliseconds (the calendar and zone data it loads) while the fleet home opens; `Temporal` answers at once.
 */
export const deviceTimeZone = (): string => (timeZone ??= temporal ? temporal.Now.timeZoneId() : Intl.DateTimeFormat().resolvedOptions().timeZone);

/** The search and filters as the list and its exports send them. */
export function listFilterQuery(fleet: string, { q, mine, status, from, to, failedChecks }: InstallationListParams): URLSearchParams {
  const search = new URLSearchParams({ fleet });
  const text = q.trim();
  if (text) search.set('q', text);
  if (mine) search.set('mine', 'true');
  if (status) search.set('status', status);
  if (from) search.set('from', from);
  if (to) search.set('to', to);
  if (failedChecks) search.set('failedChecks', 'true');
  return search;
}

/** The address of one page of a fleet's list. */
/** The address of one installation as the wizard reads it (its boot code asks for it before the wizard loads). */
export const installationDetailPath = (id: number): string => `/api/installations/${id}`;

export function installationListPath(fleet: string, params: InstallationListParams): string {
  const search = listFilterQuery(fleet, params);
  const { page, pageSize, sort, order } = params;
  for (const [key, value] of Object.entries({ page: String(page), pageSize: String(pageSize), sort, order })) search.set(key, value);
  if (params.ownDraftsFirst) {
    search.set('ownDraftsFirst', 'true');
    search.set('tz', deviceTimeZone());
  }
  return `/api/installations?${search.toString()}`;
}
