/** The demo app declared in `passage-apps.json`; override with VITE_PASSAGE_APP_ID at build time. */
export const passageAppId: string = import.meta.env.VITE_PASSAGE_APP_ID || 'opDemo7Kq2Lx9RmT4wYc6dHf';
