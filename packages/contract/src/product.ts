/** The product name lives here only, so that it can change in one place. */
export const PRODUCT_NAME = 'Smena';
export const PRODUCT_TAGLINE = 'Учёт рабочего времени и графики смен';
export const SUPPORT_EMAIL = 'support@smena.app';
export const TRIAL_DAYS = 14;
export const TRIAL_USER_LIMIT = 10;
