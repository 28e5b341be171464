import type { Identifier } from 'react-admin';
import { postCall } from '../../components/postCall';
import { MemberApplyStatus } from '../../../../generated/enums';

/** Approve or reject applications: POST /member/update/applyStatus?ids=1,2&applyStatus=1|2. */
export const setApplyStatus = (ids: Identifier[], applyStatus: MemberApplyStatus) =>
  postCall({ path: '/member/update/applyStatus', query: { ids, applyStatus } });
