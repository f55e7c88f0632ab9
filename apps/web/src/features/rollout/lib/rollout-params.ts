import { ROLLOUT_STATUSES, type RolloutFilter, type RolloutStatus } from '@portal/domain/rollout';

/** The rollout page's filters as the address keeps them; '' is no filter. */
export type RolloutParams = {
  from: string;
  to: string;
  /** A company id, 'none' for installers of no company, '' for all. */
  company: string;
  city: string;
  status: '' | RolloutStatus;
  interval: 'day' | 'week';
};

export const DEFAULT_ROLLOUT_PARAMS: RolloutParams = { from: '', to: '', company: '', city: '', status: '', interval: 'day' };

const isoDay = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : '');

/** Reads the filters from the query of the hash route; anything unknown is no filter. */
export function parseRolloutParams(search: URLSearchParams): RolloutParams {
  const company = search.get('company') ?? '';
  const status = search.get('status') ?? '';
  return {
    from: isoDay(search.get('from')),
    to: isoDay(search.get('to')),
    company: company === 'none' || /^\d{1,9}$/.test(company) ? company : '',
    city: (search.get('city') ?? '').slice(0, 200),
    status: (ROLLOUT_STATUSES as readonly string[]).includes(status) ? (status as RolloutStatus) : '',
    interval: search.get('interval') === 'week' ? 'week' : 'day',
  };
}

/** The filters as a query, leaving out what is not set, for the address and for the API alike. */
export function rolloutQuery(params: RolloutParams): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of ['from', 'to', 'company', 'city', 'status'] as const) if (params[key]) query.set(key, params[key]);
  if (params.interval !== 'day') query.set('interval', params.interval);
  return query;
}

export type { RolloutFilter };
