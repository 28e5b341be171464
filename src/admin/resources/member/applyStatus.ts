import type { Identifier } from 'react-admin';
import { postCall } from '../../components/postCall';

export const APPROVED = 1;
export const REJECTED = 2;

/** Approve or reject applications: POST /member/update/applyStatus?ids=1,2&applyStatus=1|2. */
export const setApplyStatus = (ids: Identifier[], applyStatus: typeof APPROVED | typeof REJECTED) =>
  postCall({ path: '/member/update/applyStatus', query: { ids, applyStatus } });
