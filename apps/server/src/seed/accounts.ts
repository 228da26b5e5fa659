/** Demo accounts: who can sign in to the demo, with which email and which password. */
export const DEMO_SHOPPER_PASSWORD = 'otaku-shelf-demo';
export const DEMO_STAFF_EMAIL = 'staff@otakushelf.local';
export const DEMO_STAFF_PASSWORD = 'staff-shelf-demo';
export const DEFAULT_SUPERADMIN_EMAIL = 'admin@otakushelf.local';
export const DEMO_SHOPPER_EMAIL_DOMAIN = 'example.com';
