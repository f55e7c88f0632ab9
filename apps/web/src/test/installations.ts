import type { InstallationListItem } from '@portal/domain/installation';
import type { fakeFetch } from './render';

type Routes = Parameters<typeof fakeFetch>[0];

let nextId = 1;

/** One row of `GET /api/installations`; a higher id stands for a newer installation. */
export function createInstallationListItem(overrides: Partial<InstallationListItem> = {}): InstallationListItem {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `Installation ${id}`,
    systemSerialNumber: `SN-TEST-${String(id).padStart(4, '0')}`,
    vehicle: null,
    startDate: '2026-11-20',
    status: 'draft',
    proceededWithFailedChecks: false,
    updatedAt: '2026-11-20T10:00:00.000Z',
    canDelete: overrides.status !== 'completed',
    createdBy: null,
    step: overrides.status === 'completed' ? null : 'general',
    ...overrides,
  };
}

const byKey: Record<string, (row: InstallationListItem) => string | number> = {
  name: (row) => row.name.toLowerCase(),
  systemSerialNumber: (row) => row.systemSerialNumber.toLowerCase(),
  startDate: (row) => row.startDate,
  status: (row) => row.status,
  createdAt: (row) => row.id,
};

/**
 * The list and delete endpoints over an array, searching, sorting and paging like the server:
 * enough to see what the screens ask for and how they show the answer.
 */
export function fakeInstallationsApi(initial: readonly InstallationListItem[], { me = 'me@example.com' }: { me?: string } = {}) {
  let rows = [...initial];
  const routes: Routes = {
    'GET /api/installations': (_init, url) => {
      const query = url.searchParams;
      const page = Number(query.get('page') ?? 1);
      const pageSize = Number(query.get('pageSize') ?? 20);
      const q = (query.get('q') ?? '').toLowerCase();
      const key = byKey[query.get('sort') ?? 'createdAt'] ?? byKey.createdAt!;
      const direction = query.get('order') === 'asc' ? 1 : -1;
      const mine = query.get('mine') === 'true';
      const found = rows
        .filter((row) => !mine || row.createdBy?.email === me)
        .filter((row) => !q || [row.name, row.systemSerialNumber, row.vehicle?.vin ?? ''].join(' ').toLowerCase().includes(q))
        .sort((a, b) => (key(a) < key(b) ? -direction : key(a) > key(b) ? direction : (a.id - b.id) * direction));
      return { body: { items: found.slice((page - 1) * pageSize, page * pageSize), total: found.length, page, pageSize } };
    },
  };
  for (const row of initial) {
    routes[`DELETE /api/installations/${row.id}`] = () => {
      const current = rows.find((r) => r.id === row.id);
      if (!current) return { status: 404, body: { status: 404, code: 'NOT_FOUND', message: 'Installation not found' } };
      if (current.status === 'completed') {
        return { status: 409, body: { status: 409, code: 'INSTALLATION_COMPLETED', message: 'A completed installation cannot be deleted' } };
      }
      rows = rows.filter((r) => r.id !== row.id);
      return { status: 204 };
    };
  }
  return {
    routes,
    rows: () => rows,
    /** Changes the data behind the server's back (someone else completed or deleted a row). */
    setRows: (next: InstallationListItem[]) => {
      rows = next;
    },
  };
}
