import type { Identifier } from 'react-admin';
import { entityPath } from '../../kit';
import { api } from '../../providers/http';

/** Upstream's `POST /returnApply/update/status/{id}`: the target status with what that step records. */
export const statusCall = (id: Identifier = 0) => `${entityPath('returnApply')}/update/status/${id}`;

export const updateReturnStatus = (id: Identifier, body: Record<string, unknown>) =>
  api(statusCall(id), { method: 'POST', json: body });
