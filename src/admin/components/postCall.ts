import { api, type Params } from '../providers/http';

/** An upstream action call: POST with its parameters in the query string (the upstream axios `params`). */
export interface Call {
  path: string;
  query?: Params;
}

export const postCall = ({ path, query }: Call) => api(path, { method: 'POST', query });
