import { API_BASE } from '../shared/constants';

/** Where the API lives; set VITE_API_BASE at build time to drive an upstream mall admin service instead. */
export const apiBase: string = import.meta.env?.VITE_API_BASE ?? API_BASE;
