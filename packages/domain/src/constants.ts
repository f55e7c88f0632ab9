/** Business constants of the product (SPEC §9). */
export const LOCALES = ['en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const LOCALE_STORAGE_KEY = 'sonoLocale';
export const AUTH_STORAGE_KEY = 'auth-storage';
export const DISTANCE_UNIT_STORAGE_KEY = 'preferredDistanceUnit';

export const DEFAULT_FLEET = 'sono';
export const NARROW_BREAKPOINT_PX = 1024;

export const SUGGESTION_DEBOUNCE_MS = 500;
/** City suggestions: asked for from the second letter typed, at most five shown. */
export const PLACE_QUERY_MIN_LENGTH = 2;
export const PLACE_SUGGESTION_LIMIT = 5;
export const TOAST_DURATION_MS = 1000;
export const CLOSE_DIALOG_SAVE_DELAY_MS = 1000;
export const EVENT_STREAM_RETRY_MS = 1000;

export const UPLOAD_MAX_FILES_PER_SLOT = 10;
export const UPLOAD_MAX_FILE_BYTES = 25 * 1024 * 1024;
export const UPLOAD_COMPRESSION_TARGET_MB = 0.5;
/** The photo formats a slot takes (and the files waiting on a device are counted as photos by). */
export const IMAGE_FORMATS = ['jpg', 'jpeg', 'png'] as const;

export const MILEAGE_FACTOR_KM_TO_MILES = 0.621371;
export const MIN_VEHICLE_YEAR = 2000;
export const CHANNELS_HIGH_VOLTAGE = 7;
export const CHANNELS_LOW_VOLTAGE = 8;

/** Sign-in: a code or link lives 10 minutes, a code dies after 5 wrong tries. */
export const SIGN_IN_CODE_LENGTH = 6;
export const SIGN_IN_TTL_SECONDS = 10 * 60;
export const SIGN_IN_MAX_WRONG_CODES = 5;

/** Going on with a failed digital check says why: a few words, at most a short paragraph. */
export const FAILED_CHECKS_REASON_MIN_LENGTH = 3;
export const FAILED_CHECKS_REASON_MAX_LENGTH = 500;

export const SUPPORT_EMAIL = 'support@sonomotors.com';

/** The error code of a failure that carried no envelope of its own. */
export const UNKNOWN_ERROR_CODE = 'UNKNOWN_ERROR';
