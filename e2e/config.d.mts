export const E2E_PORT: number;
export const E2E_BASE_URL: string;
export const E2E_DATA_DIR: string;
export const E2E_PROD_PORT: number;
