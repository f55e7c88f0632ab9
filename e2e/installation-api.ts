import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { createTruckInput, passingSetupOf } from '@portal/domain/testing/vehicle';
import { admin, signInViaApi, uniqueEmail } from './fixtures';

/** Draft installations made through the API for the digital check and submit specs. */

export type ApiInstallation = {
  id: number;
  version: number;
  status: 'draft' | 'completed';
  systemSerialNumber: string;
  proceededWithFailedChecks: boolean;
  system: { chargeControllers: { serialNumber: string; type: 'HV' | 'LV' }[] };
};

export type Api = { request: APIRequestContext; headers: Record<string, string> };

/** A new user of fleet sono, signed in in the page, with an ID token for the API. */
export async function signInWithToken(page: Page, prefix: string): Promise<Api> {
  const email = uniqueEmail(prefix);
  await signInViaApi(page, email);
  const token = admin('token', email).split('\n').at(-1)!.trim();
  return { request: page.request, headers: { authorization: `Bearer ${token}` } };
}

export async function getInstallation({ request, headers }: Api, id: number): Promise<ApiInstallation> {
  const res = await request.get(`/api/installations/${id}`, { headers });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as ApiInstallation;
}

export async function deleteInstallation({ request, headers }: Api, id: number): Promise<void> {
  const res = await request.delete(`/api/installations/${id}`, { headers });
  expect([204, 404]).toContain(res.status());
}

/** An admin of fleet sono: only an admin may delete a draft someone else created. */
function fleetAdminApi(api: Api): Api {
  const email = 'e2e-fleet-admin@example.com';
  admin('grant', email, '--fleet', 'sono', '--role', 'admin');
  const token = admin('token', email).split('\n').at(-1)!.trim();
  return { request: api.request, headers: { authorization: `Bearer ${token}` } };
}

/** Frees a serial number another spec (or a crashed run) left with a draft; a completed one cannot be freed. */
export async function deleteDraftOn(api: Api, serial: string): Promise<void> {
  const res = await api.request.get(`/api/installations?fleet=sono&q=${encodeURIComponent(serial)}`, { headers: api.headers });
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: { id: number; systemSerialNumber: string; status: string; canDelete: boolean }[] };
  for (const item of items.filter((i) => i.systemSerialNumber === serial)) {
    expect(item.status, `${serial} is already completed in this database`).toBe('draft');
    await deleteInstallation(item.canDelete ? api : fleetAdminApi(api), item.id);
  }
}

export async function createDraft(api: Api, serial: string, name: string): Promise<ApiInstallation> {
  const body = { systemSerialNumber: serial, startDate: '2026-11-20', name };
  let res = await api.request.post('/api/installations', { data: body, headers: api.headers });
  if (res.status() === 409 && ((await res.json()) as { code: string }).code === 'SYSTEM_ALREADY_INSTALLED') {
    await deleteDraftOn(api, serial);
    res = await api.request.post('/api/installations', { data: body, headers: api.headers });
  }
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as ApiInstallation;
}

/** General, customer and vehicle recorded: the system tab opens. */
export async function createDraftUpToSystem(api: Api, serial: string, name: string): Promise<ApiInstallation> {
  const { request, headers } = api;
  let current = await createDraft(api, serial, name);
  const put = await request.put(`/api/installations/${current.id}`, { data: { version: current.version, customerDataConfirmed: true }, headers });
  expect(put.status(), await put.text()).toBe(200);
  current = (await put.json()) as ApiInstallation;
  const vehicle = await request.post(`/api/installations/${current.id}/vehicle`, {
    headers,
    data: { version: current.version, ...createTruckInput() },
  });
  expect(vehicle.status(), await vehicle.text()).toBe(200);
  return (await vehicle.json()) as ApiInstallation;
}

/** General, customer, vehicle and setup recorded: the digital check tab opens. */
export async function createDraftUpToSetup(api: Api, serial: string, name: string): Promise<ApiInstallation> {
  const { request, headers } = api;
  const current = await createDraftUpToSystem(api, serial, name);
  const setup = await request.put(`/api/installations/${current.id}/setup`, {
    headers,
    data: { version: current.version, controllers: passingSetupOf(current.system.chargeControllers) },
  });
  expect(setup.status(), await setup.text()).toBe(200);
  return (await setup.json()) as ApiInstallation;
}

/** A small PNG file for an upload picker; each `red` gives other bytes (the server stores a file once per slot). */
export function pngFile(name: string, red: number) {
  const image = new PNG({ width: 160, height: 120 });
  for (let i = 0; i < image.data.length; i += 4) {
    image.data[i] = red & 255;
    image.data[i + 1] = (i / 4) % 160;
    image.data[i + 2] = Math.floor(i / 4 / 160);
    image.data[i + 3] = 255;
  }
  return { name, mimeType: 'image/png', buffer: PNG.sync.write(image) };
}

/** A real JPEG drawn by the browser, as a data URL. */
export function jpegDataUrl(page: Page, hue: number): Promise<string> {
  return page.evaluate((h) => {
    const canvas = document.createElement('canvas');
    canvas.width = 48;
    canvas.height = 32;
    const context = canvas.getContext('2d')!;
    context.fillStyle = `hsl(${h}, 70%, 50%)`;
    context.fillRect(0, 0, 48, 32);
    context.fillStyle = '#fff';
    context.fillRect(8, 8, 16, 16);
    return canvas.toDataURL('image/jpeg', 0.9);
  }, hue);
}

/** A system of its own for a spec, imported by an admin of fleet sono (`token`): no serial or IMEI shared with other specs. */
export async function importSystem(request: APIRequestContext, token: string, serial: string, imeiDigits: string, controllers = 1): Promise<void> {
  const header =
    'serial_number,pv_module_count,pv_module_version,installed_capacity_wp,controller_serial,controller_type,hardware_version,firmware_version,telematics_unit,imei,iccid';
  const rows = Array.from(
    { length: controllers },
    (_, i) => `${serial},8,SBS-M 2.1,960,CC-${serial}-${String.fromCharCode(65 + i)},HV,HW 3.2,1.8.3,TCU-4G v3,356${imeiDigits.slice(-12).padStart(12, '0')},`,
  );
  const res = await request.post('/api/admin/sono/systems/import', {
    data: [header, ...rows].join('\n'),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A new run of the digital check, so a page opened now sees it before the simulated devices report. */
export async function restartChecks({ request, headers }: Api, id: number): Promise<void> {
  const res = await request.post(`/api/installations/${id}/systemChecks/restart`, { headers });
  expect(res.status(), await res.text()).toBe(200);
}

/** The two required photos of a draft, stored through the API. */
export async function uploadRequiredPhotos(page: Page, { request, headers }: Api, id: number): Promise<void> {
  const uploads = await request.post(`/api/installations/${id}/uploads`, {
    headers,
    data: [
      { type: 'pvModules', name: 'modules-roof.jpg', file: await jpegDataUrl(page, 200) },
      { type: 'telematics-mcu', name: 'telematics-box.jpg', file: await jpegDataUrl(page, 30) },
    ],
  });
  expect(uploads.status(), await uploads.text()).toBe(201);
}
